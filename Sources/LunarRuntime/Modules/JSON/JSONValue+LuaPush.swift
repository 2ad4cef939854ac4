import CLunar
import LunarBridge
import LunarJSON

extension JSONValue {
    /// Pushes the value the way scripts see JSON: objects become tables with string keys,
    /// arrays become sequences, numbers that are whole and fit become Lua integers (others
    /// floats), and `null` becomes `nil` (an object member that is `null` is left out; in an
    /// array it leaves a hole).
    ///
    /// Never raises: it runs from Swift, where allocations are not refused.
    func push(to stack: LuaStack) {
        let L = stack.L
        switch self {
        case .null:
            lua_pushnil(L)
        case .bool(let value):
            lua_pushboolean(L, value ? 1 : 0)
        case .number(let value):
            if let integer = Int64(exactly: value) {
                lua_pushinteger(L, lua_Integer(integer))
            } else {
                lua_pushnumber(L, value)
            }
        case .string(let value):
            value.push(to: stack)
        case .array(let elements):
            _ = stack.reserve(3)
            lua_createtable(L, Int32(clamping: elements.count), 0)
            for (offset, element) in elements.enumerated() {
                element.push(to: stack)
                lua_rawseti(L, -2, lua_Integer(offset + 1))
            }
        case .object(let members):
            _ = stack.reserve(4)
            lua_createtable(L, 0, Int32(clamping: members.count))
            for (key, member) in members where member != .null {
                key.push(to: stack)
                member.push(to: stack)
                lua_rawset(L, -3)
            }
        }
    }
}
