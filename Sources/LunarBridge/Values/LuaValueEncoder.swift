import Foundation

/// Turns any `Encodable` value into a ``LuaValue``: the write half of the
/// bridge's `Codable` support.
///
/// - A keyed container becomes a table with string keys (`[Int: T]` too: keys
///   are coding keys' string values, as in JSON); `nil` fields are left out,
///   since a Lua table cannot hold `nil`.
/// - An unkeyed container becomes a sequence `{v1, v2, ...}`; a `nil` element
///   leaves a hole.
/// - Single values become scalars: integers stay integers, `Float` and
///   `Double` become Lua floats. `Data` becomes a Lua string of its bytes,
///   `URL` its absolute string, `Date` its seconds since 1970.
///
/// ```swift
/// let value = try LuaValueEncoder().encode(Point(x: 1, y: 2))  // {x=1, y=2}
/// ```
/// A value type with no state of its own: use it from any thread.
public struct LuaValueEncoder: Sendable {
    /// Creates an encoder; it has no options.
    public init() {}

    /// Encodes `value`. Throws `EncodingError.invalidValue` for an unsigned
    /// integer above `Int.max`, and whatever `value`'s own `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> LuaValue {
        try LuaEncodingEntry.encoding(value, at: []).resolved()
    }
}

/// Collects one encoded value while `encode(to:)` runs. Containers handed
/// out earlier keep writing into it after they are returned, hence a class.
final class LuaEncodingNode {
    enum Shape { case empty, single, keyed, unkeyed }

    private(set) var shape = Shape.empty
    var single = LuaValue.nil
    var fields: [String: LuaEncodingEntry] = [:]
    var elements: [LuaEncodingEntry] = []

    /// Switches to `shape`; asking again for the same shape keeps what was written.
    func become(_ shape: Shape) {
        guard shape != self.shape else { return }
        self.shape = shape
        single = .nil
        fields = [:]
        elements = []
    }

    func resolved() -> LuaValue {
        switch shape {
        case .empty, .single:
            return single
        case .keyed:
            var table = LuaTable()
            for (key, entry) in fields { table[.string(key)] = entry.resolved() }
            return .table(table)
        case .unkeyed:
            return .table(LuaTable(array: elements.map { $0.resolved() }))
        }
    }
}

/// One encoded slot: a finished value, or a node still being filled.
enum LuaEncodingEntry {
    case value(LuaValue)
    case node(LuaEncodingNode)

    func resolved() -> LuaValue {
        switch self {
        case .value(let v): v
        case .node(let n): n.resolved()
        }
    }

    /// Encodes a nested value, with the common scalars and the Foundation
    /// types that have a natural Lua form taken directly.
    static func encoding<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> LuaEncodingEntry {
        if let direct = LuaEncodingEntry.direct(value) { return .value(direct) }
        let node = LuaEncodingNode()
        try value.encode(to: LuaEncoding(node: node, codingPath: path))
        switch node.shape {
        case .empty, .single: return .value(node.single)
        case .keyed, .unkeyed: return .node(node)
        }
    }

    static func direct(_ value: some Encodable) -> LuaValue? {
        switch value {
        case let v as String: .string(v)
        case let v as Int: .integer(v)
        case let v as Double: .number(v)
        case let v as Bool: .boolean(v)
        case let v as Data: .bytes([UInt8](v))
        case let v as URL: .string(v.absoluteString)
        case let v as Date: .number(v.timeIntervalSince1970)
        default: nil
        }
    }

    static func integer<T: BinaryInteger>(_ value: T, at path: [any CodingKey]) throws -> LuaValue {
        guard let i = Int(exactly: value) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path, debugDescription: "integer \(value) does not fit a Lua integer"))
        }
        return .integer(i)
    }
}

/// The `Encoder` handed to `encode(to:)`.
struct LuaEncoding: Encoder {
    let node: LuaEncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.become(.keyed)
        return KeyedEncodingContainer(LuaKeyedEncoding<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.become(.unkeyed)
        return LuaUnkeyedEncoding(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        LuaSingleValueEncoding(node: node, codingPath: codingPath)
    }
}

struct LuaKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: LuaEncodingNode
    let codingPath: [any CodingKey]

    private func put(_ value: LuaValue, _ key: Key) { node.fields[key.stringValue] = .value(value) }
    private func put<T: BinaryInteger>(integer value: T, _ key: Key) throws {
        put(try LuaEncodingEntry.integer(value, at: codingPath + [key]), key)
    }

    // A Lua table has no nil fields: absence is nil.
    mutating func encodeNil(forKey key: Key) { node.fields[key.stringValue] = nil }
    mutating func encode(_ value: Bool, forKey key: Key) { put(.boolean(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) { put(.number(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) { put(.number(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) { put(.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(integer: value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(integer: value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(integer: value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(integer: value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(integer: value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(integer: value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(integer: value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(integer: value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(integer: value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.fields[key.stringValue] = try LuaEncodingEntry.encoding(value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        LuaEncoding(node: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        LuaEncoding(node: child(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = LuaFieldKey.super
        let nested = LuaEncodingNode()
        node.fields[key.stringValue] = .node(nested)
        return LuaEncoding(node: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        LuaEncoding(node: child(key), codingPath: codingPath + [key])
    }

    private func child(_ key: Key) -> LuaEncodingNode {
        let nested = LuaEncodingNode()
        node.fields[key.stringValue] = .node(nested)
        return nested
    }
}

struct LuaUnkeyedEncoding: UnkeyedEncodingContainer {
    let node: LuaEncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [LuaIndexKey(index: count + 1)] }
    private func append(_ value: LuaValue) { node.elements.append(.value(value)) }
    private func append<T: BinaryInteger>(integer value: T) throws {
        append(try LuaEncodingEntry.integer(value, at: nextPath))
    }

    mutating func encodeNil() { append(.nil) }
    mutating func encode(_ value: Bool) { append(.boolean(value)) }
    mutating func encode(_ value: String) { append(.string(value)) }
    mutating func encode(_ value: Double) { append(.number(value)) }
    mutating func encode(_ value: Float) { append(.number(Double(value))) }
    mutating func encode(_ value: Int) { append(.integer(value)) }
    mutating func encode(_ value: Int8) throws { try append(integer: value) }
    mutating func encode(_ value: Int16) throws { try append(integer: value) }
    mutating func encode(_ value: Int32) throws { try append(integer: value) }
    mutating func encode(_ value: Int64) throws { try append(integer: value) }
    mutating func encode(_ value: UInt) throws { try append(integer: value) }
    mutating func encode(_ value: UInt8) throws { try append(integer: value) }
    mutating func encode(_ value: UInt16) throws { try append(integer: value) }
    mutating func encode(_ value: UInt32) throws { try append(integer: value) }
    mutating func encode(_ value: UInt64) throws { try append(integer: value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.elements.append(try LuaEncodingEntry.encoding(value, at: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return LuaEncoding(node: child(), codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return LuaEncoding(node: child(), codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return LuaEncoding(node: child(), codingPath: path)
    }

    private func child() -> LuaEncodingNode {
        let nested = LuaEncodingNode()
        node.elements.append(.node(nested))
        return nested
    }
}

struct LuaSingleValueEncoding: SingleValueEncodingContainer {
    let node: LuaEncodingNode
    let codingPath: [any CodingKey]

    private func set(_ value: LuaValue) {
        node.become(.single)
        node.single = value
    }
    private func set<T: BinaryInteger>(integer value: T) throws { set(try LuaEncodingEntry.integer(value, at: codingPath)) }

    mutating func encodeNil() { set(.nil) }
    mutating func encode(_ value: Bool) { set(.boolean(value)) }
    mutating func encode(_ value: String) { set(.string(value)) }
    mutating func encode(_ value: Double) { set(.number(value)) }
    mutating func encode(_ value: Float) { set(.number(Double(value))) }
    mutating func encode(_ value: Int) { set(.integer(value)) }
    mutating func encode(_ value: Int8) throws { try set(integer: value) }
    mutating func encode(_ value: Int16) throws { try set(integer: value) }
    mutating func encode(_ value: Int32) throws { try set(integer: value) }
    mutating func encode(_ value: Int64) throws { try set(integer: value) }
    mutating func encode(_ value: UInt) throws { try set(integer: value) }
    mutating func encode(_ value: UInt8) throws { try set(integer: value) }
    mutating func encode(_ value: UInt16) throws { try set(integer: value) }
    mutating func encode(_ value: UInt32) throws { try set(integer: value) }
    mutating func encode(_ value: UInt64) throws { try set(integer: value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let direct = LuaEncodingEntry.direct(value) {
            set(direct)
        } else {
            // The wrapped value takes this node over: a wrapper adds no level.
            try value.encode(to: LuaEncoding(node: node, codingPath: codingPath))
        }
    }
}
