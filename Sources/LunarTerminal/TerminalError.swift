/// Why ``TerminalRenderer/start()`` could not take over the terminal.
public struct TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for a person: `standard input is not a terminal`.
    public let message: String

    /// An error explained by `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
