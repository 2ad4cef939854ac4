import Foundation

/// A Lua value copied into Swift: the dynamic type of the bridge.
///
/// Scalars and strings are copied; tables are copied recursively into
/// ``LuaTable`` (cycles, and string keys that are not UTF-8, are refused when
/// reading); functions and other
/// reference values are held through ``LuaReference``, which keeps the Lua
/// object alive until Swift drops it. Lua strings are bytes: valid UTF-8 reads
/// as ``string(_:)``, anything else as ``bytes(_:)``.
public enum LuaValue: Hashable, Sendable {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case bytes([UInt8])
    case table(LuaTable)
    case function(LuaFunction)
    /// A userdata, thread or table kept by reference rather than copied.
    case reference(LuaReference)

    /// Lua's name for the value's type, as `type()` reports it.
    public var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string, .bytes: "string"
        case .table: "table"
        case .function: "function"
        case .reference(let r): r.typeName
        }
    }

    /// Lua truthiness: only `nil` and `false` are false.
    public var isTruthy: Bool {
        switch self {
        case .nil: false
        case .boolean(let b): b
        default: true
        }
    }

    public var isNil: Bool { if case .nil = self { true } else { false } }

    /// The value as a string when it is a UTF-8 string.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The value as a Double when it is a number.
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }
    /// The value as an Int when it is an integer or an integral float.
    public var intValue: Int? {
        switch self {
        case .integer(let i): i
        case .number(let d): Int(exactly: d)
        default: nil
        }
    }
    public var boolValue: Bool? { if case .boolean(let b) = self { b } else { nil } }
    public var tableValue: LuaTable? { if case .table(let t) = self { t } else { nil } }

    /// Field access on table values; `nil` for anything else.
    public subscript(key: LuaKey) -> LuaValue {
        if case .table(let t) = self { return t[key] }
        return .nil
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .nil }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: LuaValue...) { self = .table(LuaTable(array: elements)) }
    public init(dictionaryLiteral elements: (LuaKey, LuaValue)...) {
        var t = LuaTable()
        for (k, v) in elements { t[k] = v }
        self = .table(t)
    }
}

extension LuaValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .nil: "nil"
        case .boolean(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .number(let d): LuaValue.format(d)
        case .string(let s): s
        case .bytes(let b): "<\(b.count) bytes>"
        case .table(let t): t.description
        case .function: "function"
        case .reference(let r): r.typeName
        }
    }

    /// Formats a float as Lua's `tostring` does: `%.14g`, and `.0` after what would read as an integer.
    static func format(_ d: Double) -> String {
        if d.isNaN { return d.sign == .minus ? "-nan" : "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        let text = String(format: "%.14g", d)
        return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
    }
}

/// A table key: Lua keys that can be copied into Swift.
public enum LuaKey: Hashable, Sendable, Comparable {
    case integer(Int)
    case string(String)
    case number(Double)
    case boolean(Bool)

    public static func < (a: LuaKey, b: LuaKey) -> Bool {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): x < y
        case (.string(let x), .string(let y)): x < y
        case (.number(let x), .number(let y)): x < y
        case (.boolean(let x), .boolean(let y)): !x && y
        default: a.rank < b.rank
        }
    }

    private var rank: Int {
        switch self {
        case .boolean: 0
        case .integer: 1
        case .number: 2
        case .string: 3
        }
    }
}

extension LuaKey {
    /// Lua's name for the key's type, as `type()` reports it.
    public var typeName: String {
        switch self {
        case .integer, .number: "number"
        case .string: "string"
        case .boolean: "boolean"
        }
    }
}

extension LuaKey: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public var description: String {
        switch self {
        case .integer(let i): String(i)
        case .string(let s): s
        case .number(let d): LuaValue.format(d)
        case .boolean(let b): String(b)
        }
    }
}

/// A Lua table copied into Swift: a sequence part (`t[1]...t[n]`) and the
/// remaining fields. Keys `1...array.count` never appear in `fields`.
public struct LuaTable: Hashable, Sendable, CustomStringConvertible {
    public var array: [LuaValue]
    public var fields: [LuaKey: LuaValue]

    public init(array: [LuaValue] = [], fields: [LuaKey: LuaValue] = [:]) {
        self.array = array
        self.fields = fields
    }

    /// Reads or writes a field; writing `nil` removes it. Writing index
    /// `array.count + 1` extends the sequence.
    public subscript(key: LuaKey) -> LuaValue {
        get {
            if case .integer(let i) = key, i >= 1, i <= array.count { return array[i - 1] }
            return fields[key] ?? .nil
        }
        set {
            if case .integer(let i) = key {
                if i >= 1, i <= array.count {
                    if newValue.isNil {
                        // Removing inside the sequence moves the tail into fields.
                        let tail = array[i...]
                        for (offset, v) in tail.enumerated() { fields[.integer(i + 1 + offset)] = v }
                        array.removeSubrange((i - 1)...)
                    } else {
                        array[i - 1] = newValue
                    }
                    return
                }
                if i == array.count + 1, !newValue.isNil {
                    array.append(newValue)
                    fields[key] = nil
                    var next = array.count + 1
                    while let v = fields.removeValue(forKey: .integer(next)) {
                        array.append(v)
                        next += 1
                    }
                    return
                }
            }
            fields[key] = newValue.isNil ? nil : newValue
        }
    }

    public subscript(key: String) -> LuaValue {
        get { self[.string(key)] }
        set { self[.string(key)] = newValue }
    }

    public var isEmpty: Bool { array.isEmpty && fields.isEmpty }

    public var description: String {
        var parts = array.map { $0.quotedDescription }
        for key in fields.keys.sorted() {
            let k: String
            if case .string(let s) = key { k = s } else { k = "[\(key)]" }
            parts.append("\(k)=\(fields[key]!.quotedDescription)")
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

extension LuaValue {
    var quotedDescription: String {
        if case .string(let s) = self { return "\"\(s)\"" }
        return description
    }
}
