/// Whether a container's items may break onto several lines. Yoga's and CSS's default is `noWrap`.
public enum FlexWrap: Sendable, Hashable {
    /// One line, however long.
    case noWrap
    /// A new line whenever the next item's flex basis overflows the main size; lines stack at the cross start.
    case wrap
    /// As `wrap`, the lines stacking from the cross end.
    case wrapReverse
}
