/// Why an input operation on a ``HeadlessRenderer`` could not be carried out.
///
/// `description` is a sentence meant for a person reading a failed test or a `lunar run`
/// session: it names what was looked for, where, and what was there instead.
public struct HeadlessInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, for code that reacts to it.
    public enum Reason: Hashable, Sendable {
        /// No screen is shown.
        case noScreen
        /// Nothing pressable matches the label or id.
        case noSuchButton
        /// No text field matches the placeholder or id.
        case noSuchField
        /// No switch matches the accessibility label or id.
        case noSuchSwitch
        /// No scroll view or list matches the accessibility label or id (or its end is unknown).
        case noSuchScrollView
        /// More than one element matches; name it by a unique id.
        case ambiguous
        /// The element matched but is disabled.
        case disabled
        /// The visible screen is the first one: there is nothing to go back to.
        case cannotGoBack
        /// An alert is up and takes all input but a tap on one of its buttons.
        case alertShowing
        /// The visible screen shows an error overlay instead of its content.
        case errorShowing
    }

    /// The kind of failure.
    public let reason: Reason
    /// The explanation, e.g. `no button "Sign in" on "Login" (buttons: "Log in", "Register")`.
    public let message: String

    /// An error of `reason` explained by `message`.
    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
