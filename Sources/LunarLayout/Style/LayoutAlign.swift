/// Alignment on the cross axis: `alignItems` (a container's items; Yoga's default `stretch`),
/// `alignSelf` (one item; default `auto`, the parent's `alignItems`) and `alignContent` (a
/// wrapping container's lines; Yoga's default `flexStart`, CSS's `stretch`).
public enum LayoutAlign: Sendable, Hashable {
    /// `alignSelf` only: the parent's `alignItems`.
    case auto
    /// At the cross start.
    case flexStart
    /// In the middle of the cross axis.
    case center
    /// At the cross end.
    case flexEnd
    /// Filling the line's cross size (an item with no cross size of its own and no auto cross margin).
    case stretch
    /// Items in a row lined up by their first baselines (in a column, `flexStart`).
    case baseline
    /// `alignContent` only: the free space between the lines.
    case spaceBetween
    /// `alignContent` only: the free space split evenly around each line.
    case spaceAround
    /// `alignContent` only: the free space split into equal gaps before, between and after the lines.
    case spaceEvenly
}
