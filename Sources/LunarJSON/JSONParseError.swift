/// Why a byte sequence is not a JSON document, and where it stopped making sense.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The zero-based byte offset at which parsing failed.
    public let offset: Int
    /// What was wrong at `offset`, in words.
    public let reason: String

    /// Creates an error for `reason` at byte `offset`.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `"<reason> at byte <offset>"`.
    public var description: String { "\(reason) at byte \(offset)" }
}
