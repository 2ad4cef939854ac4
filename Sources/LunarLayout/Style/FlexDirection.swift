/// The main axis, along which a container lays its children out. Yoga's default is `column`
/// (CSS's is `row`).
public enum FlexDirection: Sendable, Hashable {
    /// Top to bottom.
    case column
    /// Bottom to top.
    case columnReverse
    /// In the writing direction: left to right in `ltr`, right to left in `rtl`.
    case row
    /// Against the writing direction.
    case rowReverse
}
