import LunarBridge
import LunarNetwork

extension JSONShape {
    /// Reads a `validate` shape written in Lua:
    ///
    /// - a type name: `"string"`, `"number"`, `"boolean"` (or `"bool"`), `"table"`/`"object"`,
    ///   `"array"`, `"any"` (any value that is there, `json.null` included); a trailing `?` makes
    ///   it optional (`"string?"`: absent or `json.null` is fine);
    /// - `{ shape }`, a one-element sequence: an array whose every element has that shape;
    /// - `{ name = shape, ... }`: a table with at least these fields.
    init(lua value: LuaValue, path: String = "$") throws(LuaTypeMismatch) {
        switch value {
        case .string(let name):
            self = try Self.named(name, path: path)
        case .table(let table):
            if table.fields.isEmpty, table.array.count == 1 {
                self = .array(of: try JSONShape(lua: table.array[0], path: path + "[]"))
            } else if table.array.isEmpty {
                var members: [String: JSONShape] = [:]
                for (key, member) in table.fields {
                    guard case .string(let name) = key else {
                        throw LuaTypeMismatch(problem: "\(path): field names must be strings, got a \(key.typeName)")
                    }
                    members[name] = try JSONShape(lua: member, path: path + "." + name)
                }
                self = .object(members)
            } else {
                throw LuaTypeMismatch(
                    problem: "\(path): a shape table is either { elementShape } or { name = shape, ... }")
            }
        default:
            throw LuaTypeMismatch(problem: "\(path): a type name or a shape table expected, got \(value.typeName)")
        }
    }

    private static func named(_ name: String, path: String) throws(LuaTypeMismatch) -> JSONShape {
        if name.hasSuffix("?") {
            return .optional(try named(String(name.dropLast()), path: path))
        }
        switch name {
        case "any": return .any
        case "string": return .string
        case "number": return .number
        case "boolean", "bool": return .bool
        case "table", "object": return .object([:])
        case "array": return .array(of: .any)
        default:
            throw LuaTypeMismatch(
                problem: "\(path): unknown type '\(name)' (string, number, boolean, table, array, any; '?' for optional)")
        }
    }
}
