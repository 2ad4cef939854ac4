/// How a line's free space on the main axis is shared among its items (auto margins, when an
/// item has any, take it instead). Yoga's and CSS's default is `flexStart`.
public enum JustifyContent: Sendable, Hashable {
    /// Items packed at the start of the line.
    case flexStart
    /// Items packed in the middle, the free space split on both sides.
    case center
    /// Items packed at the end of the line.
    case flexEnd
    /// The free space between the items, none before the first or after the last.
    case spaceBetween
    /// The free space split evenly around each item (half a share at either end).
    case spaceAround
    /// The free space split into equal gaps before, between and after the items.
    case spaceEvenly
}
