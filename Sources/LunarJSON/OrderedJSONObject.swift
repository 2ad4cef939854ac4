/// One JSON object written member by member, keys in the order written, on ``JSONWriter``: for
/// wire messages whose bytes must be small and stable (the web renderer's), where
/// ``JSONValue/serialized()`` would sort the keys.
public struct OrderedJSONObject: Sendable {
    private var writer = JSONWriter()
    private var isEmpty = true

    /// An object with no members yet.
    public init() {
        writer.writeRaw("{")
    }

    /// Adds `key` with a value that is already JSON text.
    public mutating func put(_ key: String, raw json: String) {
        beginMember(key)
        writer.writeRaw(json)
    }

    /// Adds `key` with a string.
    public mutating func put(_ key: String, _ value: String) {
        beginMember(key)
        writer.write(value)
    }

    /// Adds `key` with an integer.
    public mutating func put(_ key: String, _ value: Int) {
        beginMember(key)
        writer.write(value)
    }

    /// Adds `key` with `true` or `false`.
    public mutating func put(_ key: String, _ value: Bool) {
        beginMember(key)
        writer.write(value)
    }

    /// Adds `key` with a string, or `null` when there is none.
    public mutating func put(_ key: String, optional value: String?) {
        beginMember(key)
        if let value { writer.write(value) } else { writer.writeNull() }
    }

    /// The object as JSON text.
    public var text: String { writer.text + "}" }

    private mutating func beginMember(_ key: String) {
        if !isEmpty { writer.writeRaw(",") }
        isEmpty = false
        writer.write(key)
        writer.writeRaw(":")
    }
}
