/// What a run of text on the terminal is, so the painter can choose how it looks: colours
/// where the terminal has them, attributes (bold, dim, reverse, underline) otherwise.
enum TextStyle: Hashable, Sendable, CaseIterable {
    /// Ordinary text.
    case normal
    /// The navigation bar across the top.
    case titleBar
    /// Secondary text: key help, the back hint, image alt text, disabled elements.
    case hint
    /// A button that can be pressed.
    case button
    /// The inside of a text field.
    case field
    /// A text field's placeholder, shown while it is empty.
    case placeholder
    /// The focused element, or the chosen button of an alert.
    case focused
    /// An error message.
    case error
    /// The line of a code frame the error points at.
    case errorLine
    /// The HUD's and an alert's box.
    case overlay
    /// A toast on the bottom line.
    case toast
    /// An alert button with the destructive role.
    case destructive
}
