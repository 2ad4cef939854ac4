/// A width and a height in points: what a measure function returns.
public struct LayoutSize: Hashable, Sendable {
    /// In points.
    public var width: Double
    /// In points.
    public var height: Double
    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
