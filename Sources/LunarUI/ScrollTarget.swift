/// Where ``Renderer/scroll(_:to:animated:on:)`` scrolls a `ScrollView` or `List`.
public enum ScrollTarget: Equatable, Sendable {
    /// A content offset along the element's axis, in points (`y`, or `x` when horizontal).
    /// The renderer clamps it to the content.
    case offset(Double)
    /// The end of the content: the content's length less the visible extent (for a virtualized
    /// `List`, `itemCount × estimatedItemSize` less it).
    case end
}
