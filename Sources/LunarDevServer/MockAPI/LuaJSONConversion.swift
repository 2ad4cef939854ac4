import LunarBridge
import LunarJSON

/// Converts between JSON documents and Lua values for mock handlers.
///
/// JSON objects become tables with string keys, arrays become sequences,
/// `null` becomes `nil` (so it disappears from objects), integral numbers
/// become Lua integers. In the other direction a table whose keys are exactly
/// `1...n` is an array, any other table an object (keys written as strings),
/// and the empty table is `{}`.
enum LuaJSONConversion {
    static func luaValue(_ json: JSONValue) -> LuaValue {
        switch json {
        case .null: return .nil
        case .bool(let b): return .boolean(b)
        case .number(let d):
            if d == d.rounded(), abs(d) < 9_007_199_254_740_992 { return .integer(Int(d)) }
            return .number(d)
        case .string(let s): return .string(s)
        case .array(let items): return .table(LuaTable(array: items.map(luaValue)))
        case .object(let fields):
            var table = LuaTable()
            for (key, value) in fields { table[.string(key)] = luaValue(value) }
            return .table(table)
        }
    }

    static func json(_ value: LuaValue, at path: String = "body") throws(LuaJSONConversionError) -> JSONValue {
        switch value {
        case .nil: return .null
        case .boolean(let b): return .bool(b)
        case .integer(let i): return .number(Double(i))
        case .number(let d):
            guard d.isFinite else { throw LuaJSONConversionError(path: path, problem: "\(d) has no JSON form") }
            return .number(d)
        case .string(let s): return .string(s)
        case .bytes: throw LuaJSONConversionError(path: path, problem: "the string is not UTF-8")
        case .table(let table):
            if table.fields.isEmpty, !table.array.isEmpty {
                var items: [JSONValue] = []
                for (i, item) in table.array.enumerated() { items.append(try json(item, at: "\(path)[\(i + 1)]")) }
                return .array(items)
            }
            var object: [String: JSONValue] = [:]
            for (i, item) in table.array.enumerated() { object[String(i + 1)] = try json(item, at: "\(path)[\(i + 1)]") }
            for (key, item) in table.fields {
                let name: String
                switch key {
                case .string(let s): name = s
                case .integer(let i): name = String(i)
                case .number, .boolean:
                    throw LuaJSONConversionError(path: path, problem: "key \(key) is neither a string nor an integer")
                }
                object[name] = try json(item, at: "\(path).\(name)")
            }
            return .object(object)
        case .function, .reference:
            throw LuaJSONConversionError(path: path, problem: "a \(value.typeName) has no JSON form")
        }
    }
}

/// A Lua value that cannot be written as JSON, and where it is.
struct LuaJSONConversionError: Error, CustomStringConvertible {
    var path: String
    var problem: String
    var description: String { "\(path): \(problem)" }
}
