import CLunar
import LunarBridge
import LunarNetwork

/// Checks a Lua value against a `JSONShape` in place, with raw access only (no metamethods, no
/// copies), as `JSONShape.mismatch(in:)` does for Swift values. Paths use Lua's 1-based indices:
/// `$.items[2].id: expected number, got string`.
struct LuaShapeCheck {
    let stack: LuaStack

    /// `nil` when the value at `index` has `shape`, else a sentence naming the first mismatch.
    func mismatch(_ shape: JSONShape, at index: Int32) -> String? {
        mismatch(shape, at: lua_absindex(stack.L, index), path: "$")
    }

    private func mismatch(_ shape: JSONShape, at index: Int32, path: String) -> String? {
        let L = stack.L
        let type = lua_type(L, index)
        switch shape {
        case .any:
            return nil
        case .optional(let wrapped):
            // JSON null (json.null) counts as absent, like nil.
            return type <= LUA_TNIL || stack.isJSONNull(at: index) ? nil : mismatch(wrapped, at: index, path: path)
        case .string where type == LUA_TSTRING, .number where type == LUA_TNUMBER, .bool where type == LUA_TBOOLEAN:
            return nil
        case .array(let element) where type == LUA_TTABLE:
            guard stack.reserve(2) else { return "\(path): nested too deeply" }
            let count = lua_rawlen(L, index)
            var position: lua_Integer = 1
            while position <= lua_Integer(count) {
                lua_rawgeti(L, index, position)
                let problem = mismatch(element, at: lua_gettop(L), path: "\(path)[\(position)]")
                lunar_pop(L, 1)
                if let problem { return problem }
                position += 1
            }
            return nil
        case .object(let members) where type == LUA_TTABLE:
            guard stack.reserve(3) else { return "\(path): nested too deeply" }
            for name in members.keys.sorted() {
                let memberShape = members[name]!
                name.push(to: stack)
                lua_rawget(L, index)
                defer { lunar_pop(L, 1) }
                if lua_type(L, -1) == LUA_TNIL || stack.isJSONNull(at: -1) {
                    if case .optional = memberShape { continue }
                    if case .any = memberShape { continue }
                    return "\(path).\(name): missing"
                }
                if let problem = mismatch(memberShape, at: lua_gettop(L), path: "\(path).\(name)") { return problem }
            }
            return nil
        default:
            return "\(path): expected \(Self.name(of: shape)), got \(stack.typeName(at: index))"
        }
    }

    private static func name(of shape: JSONShape) -> String {
        switch shape {
        case .any: "any value"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .array: "array"
        case .object: "table"
        case .optional(let wrapped): "optional " + name(of: wrapped)
        }
    }
}
