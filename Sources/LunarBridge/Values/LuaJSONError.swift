/// Why JSON bytes could not become a Lua value, or a Lua value JSON bytes.
public struct LuaJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: Sendable, Hashable {
        /// The bytes are not one valid JSON document; ``LuaJSONError/offset`` says where.
        case invalidJSON
        /// The Lua value has no JSON form (a function, NaN, a cycle, mixed keys, ...).
        case unencodable
        /// The state's memory cap (or Lua's stack limit) was reached; the state stays usable.
        case memory
        /// The text would be longer than the limit the caller gave (encoding stopped there).
        case tooLarge
    }

    /// What went wrong.
    public var kind: Kind
    /// For ``Kind/invalidJSON``: the zero-based byte offset where the text stops being JSON.
    public var offset: Int?
    /// The message Lua's `json.decode` / `json.encode` would raise, without a position prefix:
    /// `invalid JSON at byte 12: expected ',' or '}'`, `cannot encode a function value at $.f`.
    public var message: String

    /// Creates an error; `offset` is meaningful for ``Kind/invalidJSON`` only.
    public init(kind: Kind, offset: Int? = nil, message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
