/// How a node's insets place it. Yoga's default is `relative` (CSS's is `static`).
public enum PositionType: Sendable, Hashable {
    /// In the flow, offset by its insets; the containing block of its absolute descendants.
    case relative
    /// Out of the flow, placed by its insets in the containing block (the nearest non-static
    /// ancestor, or the root); without insets, at its static position in its parent.
    case absolute
    /// In the flow, its insets ignored; its absolute children take its containing block.
    case `static`
}
