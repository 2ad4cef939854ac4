import class Foundation.JSONDecoder
import class Foundation.JSONEncoder

extension JSONValue: Codable {
    /// Decodes any JSON value from a single-value container.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value into a single-value container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// The JSON form of any `Encodable` value, as `JSONEncoder` would write it.
    ///
    /// Throws `EncodingError` for values JSON cannot hold (for example a non-finite `Double`).
    public init(encoding value: some Encodable) throws {
        let data = try JSONEncoder().encode(value)
        self = try JSONValue(parsing: data)
    }

    /// Decodes a `Decodable` type from this value, as `JSONDecoder` would from its text.
    ///
    /// Throws `DecodingError` when the shape does not match, or `JSONSerializationError`
    /// when the value holds a non-finite number.
    public func decode<Value: Decodable>(_ type: Value.Type = Value.self) throws -> Value {
        try JSONDecoder().decode(Value.self, from: serialized())
    }
}
