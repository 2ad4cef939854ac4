/// An error that is nothing but a sentence for a person: why a server could not start, why a
/// command or a message was refused. Its description is the message, unchanged.
///
/// An error that callers tell apart (by a kind, a code or a case) is a type of its own; this
/// one is for failures that are only reported.
public struct MessageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as it is printed: `the server stopped before it listened`.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
