import LunarBridge
import LunarJSON

/// A Lua value that has no JSON form, and where in it the problem is.
struct LuaJSONConversionError: Error, CustomStringConvertible {
    /// Where the offending value sits, as `$.items[2].price` (Lua's 1-based indices).
    var path: String
    /// What is wrong with it.
    var problem: String

    var description: String { "\(problem) at \(path)" }
}

extension JSONValue {
    /// The JSON form of a Lua value: a sequence is an array, a table with string keys an object
    /// (an empty table is an empty object), numbers must be finite, strings valid UTF-8.
    /// Functions, userdata, tables mixing a sequence with other keys, and tables with
    /// non-string keys have no JSON form.
    init(lua value: LuaValue, path: String = "$") throws(LuaJSONConversionError) {
        switch value {
        case .nil:
            self = .null
        case .boolean(let flag):
            self = .bool(flag)
        case .integer(let integer):
            self = .number(Double(integer))
        case .number(let number):
            guard number.isFinite else {
                let name = number.isNaN ? "nan" : number < 0 ? "-inf" : "inf"
                throw LuaJSONConversionError(path: path, problem: "\(name) is not a JSON number")
            }
            self = .number(number)
        case .string(let text):
            self = .string(text)
        case .bytes:
            throw LuaJSONConversionError(path: path, problem: "a string that is not UTF-8 has no JSON form")
        case .function:
            throw LuaJSONConversionError(path: path, problem: "a function has no JSON form")
        case .reference(let reference):
            throw LuaJSONConversionError(path: path, problem: "a \(reference.typeName) has no JSON form")
        case .table(let table):
            self = try Self.container(table, path: path)
        }
    }

    private static func container(_ table: LuaTable, path: String) throws(LuaJSONConversionError) -> JSONValue {
        if table.fields.isEmpty {
            if table.array.isEmpty { return .object([:]) }
            var elements: [JSONValue] = []
            elements.reserveCapacity(table.array.count)
            for (offset, element) in table.array.enumerated() {
                elements.append(try JSONValue(lua: element, path: "\(path)[\(offset + 1)]"))
            }
            return .array(elements)
        }
        guard table.array.isEmpty else {
            throw LuaJSONConversionError(
                path: path, problem: "a table with both a sequence and other keys has no JSON form")
        }
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(table.fields.count)
        for (key, member) in table.fields {
            guard case .string(let name) = key else {
                throw LuaJSONConversionError(
                    path: path, problem: "a table with a \(key.typeName) key has no JSON form (object keys are strings)")
            }
            members[name] = try JSONValue(lua: member, path: "\(path).\(name)")
        }
        return .object(members)
    }
}

extension LuaKey {
    /// Lua's name for the key's type.
    var typeName: String {
        switch self {
        case .integer, .number: "number"
        case .string: "string"
        case .boolean: "boolean"
        }
    }
}
