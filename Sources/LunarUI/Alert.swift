/// A modal question with a title, a message and buttons (`ui.alert{...}`).
///
/// The renderer shows it above everything, closes it itself when the user chooses a
/// button, and reports the choice as ``RendererEvent/alertButton(_:index:)``.
public struct Alert: Hashable, Sendable {
    /// One choice in an alert.
    public struct Button: Hashable, Sendable {
        /// How a renderer should present a choice; purely visual.
        public enum Role: String, Hashable, Sendable {
            /// An ordinary choice.
            case `default`
            /// The choice that backs out; a renderer may place it apart or map Esc to it.
            case cancel
            /// A choice that destroys something; a renderer may colour it.
            case destructive
        }

        /// The button's label.
        public var title: String
        /// How to present it.
        public var role: Role

        /// A button labelled `title`.
        public init(_ title: String, role: Role = .default) {
            self.title = title
            self.role = role
        }
    }

    /// Names the alert in the event reporting the choice.
    public var id: AlertID
    /// The headline.
    public var title: String
    /// The explanation under the title, if any.
    public var message: String?
    /// The choices, in display order; the event reports the chosen one's index here.
    public var buttons: [Button]

    /// An alert; with no buttons given, a single "OK".
    public init(id: AlertID, title: String, message: String? = nil, buttons: [Button] = [Button("OK")]) {
        self.id = id
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}
