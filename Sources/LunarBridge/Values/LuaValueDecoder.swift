import Foundation

/// Turns a ``LuaValue`` into any `Decodable`: the read half of the bridge's
/// `Codable` support, the mirror of ``LuaValueEncoder``.
///
/// - A keyed container reads a table's fields by name; a field that is absent
///   is `nil` (Lua cannot tell the two apart), so a missing non-optional
///   field fails as `field 'age': number expected, got nil`.
/// - An unkeyed container reads a sequence `t[1]...t[n]`; holes left by `nil`
///   elements are kept when the table stays mostly dense.
/// - Numbers: an integer reads as any numeric type that can hold it; a float
///   reads as an integer only when it has an integer value. Strings are not
///   converted to numbers nor numbers to strings. `Data` reads a Lua string's
///   bytes, `URL` a string, `Date` seconds since 1970.
///
/// Errors are `DecodingError`s whose `debugDescription` reads like Lua's own
/// checks (`number expected, got string`); ``LuaTypeMismatch/init(decoding:)``
/// adds the field path. A value type with no state of its own: use it from
/// any thread.
public struct LuaValueDecoder: Sendable {
    /// Creates a decoder; it has no options.
    public init() {}

    /// Decodes a `T` from `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: LuaValue) throws -> T {
        try LuaDecoding(value: value, codingPath: []).decode(T.self)
    }
}

/// The `Decoder` handed to `init(from:)`; also its single-value container.
struct LuaDecoding: Decoder, SingleValueDecodingContainer {
    let value: LuaValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .table(let table) = value else { throw LuaScalar.mismatch("table", value, [String: Any].self, codingPath) }
        return KeyedDecodingContainer(LuaKeyedDecoding<Key>(table: table, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .table(let table) = value else { throw LuaScalar.mismatch("table", value, [Any].self, codingPath) }
        return LuaUnkeyedDecoding(elements: LuaUnkeyedDecoding.elements(of: table), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.isNil }
    func decode(_ type: Bool.Type) throws -> Bool { try LuaScalar.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try LuaScalar.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try LuaScalar.double(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try LuaScalar.double(value, codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try LuaScalar.integer(type, value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try LuaScalar.integer(type, value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try LuaScalar.integer(type, value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try LuaScalar.integer(type, value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try LuaScalar.integer(type, value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try LuaScalar.integer(type, value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try LuaScalar.integer(type, value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try LuaScalar.integer(type, value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try LuaScalar.integer(type, value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try LuaScalar.integer(type, value, codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Data.self { return try LuaScalar.data(value, codingPath) as! T }
        if T.self == URL.self { return try LuaScalar.url(value, codingPath) as! T }
        if T.self == Date.self {
            return Date(timeIntervalSince1970: try LuaScalar.double(value, codingPath)) as! T
        }
        return try T(from: self)
    }
}

/// Reads one scalar with Lua-style messages.
enum LuaScalar {
    static func mismatch(_ expected: String, _ value: LuaValue, _ type: Any.Type, _ path: [any CodingKey]) -> DecodingError {
        let context = DecodingError.Context(codingPath: path, debugDescription: "\(expected) expected, got \(value.typeName)")
        return value.isNil ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    static func bool(_ value: LuaValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .boolean(let b) = value else { throw mismatch("boolean", value, Bool.self, path()) }
        return b
    }

    static func string(_ value: LuaValue, _ path: @autoclosure () -> [any CodingKey]) throws -> String {
        switch value {
        case .string(let s): return s
        case .bytes:
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "string is not valid UTF-8"))
        default: throw mismatch("string", value, String.self, path())
        }
    }

    static func double(_ value: LuaValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Double {
        switch value {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: throw mismatch("number", value, Double.self, path())
        }
    }

    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ value: LuaValue, _ path: @autoclosure () -> [any CodingKey]) throws -> T {
        let whole: Int
        switch value {
        case .integer(let i): whole = i
        case .number(let d):
            guard let i = Int(exactly: d) else {
                throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "number has no integer representation"))
            }
            whole = i
        default: throw mismatch("number", value, T.self, path())
        }
        guard let result = T(exactly: whole) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "number out of range"))
        }
        return result
    }

    static func data(_ value: LuaValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Data {
        switch value {
        case .string(let s): return Data(s.utf8)
        case .bytes(let b): return Data(b)
        default: throw mismatch("string", value, Data.self, path())
        }
    }

    static func url(_ value: LuaValue, _ path: @autoclosure () -> [any CodingKey]) throws -> URL {
        let text = try string(value, path())
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "invalid URL '\(text)'"))
        }
        return url
    }
}

struct LuaKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let table: LuaTable
    let codingPath: [any CodingKey]

    var allKeys: [Key] {
        var keys: [Key] = []
        for i in table.array.indices { if let key = Key(intValue: i + 1) { keys.append(key) } }
        for key in table.fields.keys {
            switch key {
            case .string(let s): if let key = Key(stringValue: s) { keys.append(key) }
            case .integer(let i): if let key = Key(intValue: i) ?? Key(stringValue: String(i)) { keys.append(key) }
            case .number, .boolean: continue
            }
        }
        return keys
    }

    /// The field for `key`: by name, then (for integer keys such as `[Int: T]`'s) by index.
    private func field(_ key: Key) -> LuaValue {
        let named = table[.string(key.stringValue)]
        if named.isNil, let i = key.intValue { return table[.integer(i)] }
        return named
    }

    private func decoder(_ key: Key) -> LuaDecoding {
        LuaDecoding(value: field(key), codingPath: codingPath + [key])
    }

    func contains(_ key: Key) -> Bool { !field(key).isNil }
    func decodeNil(forKey key: Key) -> Bool { field(key).isNil }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try LuaScalar.bool(field(key), codingPath + [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try LuaScalar.string(field(key), codingPath + [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try LuaScalar.double(field(key), codingPath + [key]) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try LuaScalar.double(field(key), codingPath + [key])) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try LuaScalar.integer(type, field(key), codingPath + [key]) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try LuaScalar.integer(type, field(key), codingPath + [key]) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try LuaScalar.integer(type, field(key), codingPath + [key]) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try LuaScalar.integer(type, field(key), codingPath + [key]) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try LuaScalar.integer(type, field(key), codingPath + [key]) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try LuaScalar.integer(type, field(key), codingPath + [key]) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try LuaScalar.integer(type, field(key), codingPath + [key]) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try LuaScalar.integer(type, field(key), codingPath + [key]) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try LuaScalar.integer(type, field(key), codingPath + [key]) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try LuaScalar.integer(type, field(key), codingPath + [key]) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    func superDecoder() -> any Decoder {
        let key = LuaFieldKey.super
        return LuaDecoding(value: table[.string(key.stringValue)], codingPath: codingPath + [key])
    }

    func superDecoder(forKey key: Key) -> any Decoder { decoder(key) }
}

struct LuaUnkeyedDecoding: UnkeyedDecodingContainer {
    let elements: [LuaValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [LuaValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    /// The sequence part of `table`, extended over `nil` holes up to the last
    /// integer key when at least a third of that range is filled (an array
    /// of optionals); a sparse table gives just its sequence.
    static func elements(of table: LuaTable) -> [LuaValue] {
        var last = table.array.count
        var extra = 0
        for case .integer(let i) in table.fields.keys where i > table.array.count {
            last = max(last, i)
            extra += 1
        }
        guard extra > 0, last - table.array.count <= 3 * extra else { return table.array }
        var result = table.array
        result.reserveCapacity(last)
        for i in (table.array.count + 1)...last { result.append(table[.integer(i)]) }
        return result
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element's decoder; past the end it decodes `nil`, so a fixed
    /// shape read from a short table fails as `element 3: number expected, got nil`.
    private mutating func next() -> LuaDecoding {
        let value = isAtEnd ? LuaValue.nil : elements[currentIndex]
        currentIndex += 1
        return LuaDecoding(value: value, codingPath: codingPath + [LuaIndexKey(index: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any?.self, .init(
                codingPath: codingPath + [LuaIndexKey(index: currentIndex + 1)], debugDescription: "value expected, got nothing"))
        }
        guard elements[currentIndex].isNil else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() -> any Decoder { next() }
}
