// Readers for "de-modelled" server JSON: a missing key or a value of the wrong type yields the
// caller's default, never an error, so a reformer survives a server that drifts.

extension JSONValue {
    /// The string member `key`; a number member is rendered as text (`3`, `2.5`).
    /// Anything else, a missing key, or a non-object receiver yields `defaultValue`.
    public func string(_ key: String, default defaultValue: String = "") -> String {
        switch self[key] {
        case .string(let value): value
        case .number(let value): value.isFinite ? JSONWriter.numberText(value) : defaultValue
        default: defaultValue
        }
    }

    /// The number member `key`; a string member that is entirely a finite decimal number is converted.
    /// Anything else, a missing key, or a non-object receiver yields `defaultValue`.
    public func number(_ key: String, default defaultValue: Double = 0) -> Double {
        switch self[key] {
        case .number(let value): value
        case .string(let text): Double(text).flatMap { $0.isFinite ? $0 : nil } ?? defaultValue
        default: defaultValue
        }
    }

    /// The number member `key` truncated toward zero, when it fits an `Int`; see ``number(_:default:)``.
    public func integer(_ key: String, default defaultValue: Int = 0) -> Int {
        let value = number(key, default: .nan)
        return Int(exactly: value.rounded(.towardZero)) ?? defaultValue
    }

    /// The Boolean member `key`; a number member is `true` when non-zero.
    /// Anything else, a missing key, or a non-object receiver yields `defaultValue`.
    public func bool(_ key: String, default defaultValue: Bool = false) -> Bool {
        switch self[key] {
        case .bool(let value): value
        case .number(let value): value != 0
        default: defaultValue
        }
    }

    /// The object member `key` (still a `JSONValue`, so reads chain: `json.table("data").string("name")`).
    /// Anything else, a missing key, or a non-object receiver yields `defaultValue`, an empty object unless given.
    public func table(_ key: String, default defaultValue: JSONValue = .object([:])) -> JSONValue {
        if case .object? = self[key] { return self[key]! }
        return defaultValue
    }

    /// The array member `key`; anything else, a missing key, or a non-object receiver yields `defaultValue`.
    public func array(_ key: String, default defaultValue: [JSONValue] = []) -> [JSONValue] {
        self[key]?.arrayValue ?? defaultValue
    }

    /// The array member `key` with `transform` applied to each element, dropping elements it maps to `nil`;
    /// an empty array when `key` does not hold an array.
    public func array<Element>(_ key: String, _ transform: (JSONValue) throws -> Element?) rethrows -> [Element] {
        try array(key).compactMap(transform)
    }

    /// The element at zero-based `index`; a non-array receiver or an index out of range yields `defaultValue`.
    public func at(_ index: Int, default defaultValue: JSONValue = .null) -> JSONValue {
        self[index] ?? defaultValue
    }
}
