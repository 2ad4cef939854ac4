/// Writing direction: which physical edge `start` and `end` name and which way a row runs.
/// Yoga's default is `inherit`; the root's comes from `calculateLayout` (`ltr` by default).
public enum LayoutDirection: Sendable, Hashable {
    /// The parent's direction.
    case inherit
    /// Left to right: `start` is the left edge and rows run rightwards.
    case ltr
    /// Right to left: `start` is the right edge and rows run leftwards.
    case rtl
}
