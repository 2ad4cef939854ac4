/// A computed frame: `left` and `top` relative to the parent's border box, rounded to the pixel grid.
public struct LayoutFrame: Hashable, Sendable {
    /// The left edge of the border box, from the parent's left edge.
    public var left: Double = 0
    /// The top edge of the border box, from the parent's top edge.
    public var top: Double = 0
    /// The border box's width.
    public var width: Double = 0
    /// The border box's height.
    public var height: Double = 0
    /// A frame at (`left`, `top`) of `width` by `height` points; every one defaults to 0.
    public init(left: Double = 0, top: Double = 0, width: Double = 0, height: Double = 0) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }
}
