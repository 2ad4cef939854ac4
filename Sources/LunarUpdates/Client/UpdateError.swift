/// Why an update step failed, in words for a log line or a command's error
/// (`the update server answered 500: ...`, `... is signed by key 0696509af20888bc, not by ...`).
public struct UpdateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What a person reads.
    public var message: String
    /// The HTTP status when the server answered with one.
    public var status: Int?

    public init(_ message: String, status: Int? = nil) {
        self.message = message
        self.status = status
    }

    public var description: String { message }
}
