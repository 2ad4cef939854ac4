import CLunar
import Foundation
import LunarBridge
import LunarJSON

/// Turns a response body into the Lua value scripts receive.
enum ResponseBody {
    /// Parses `body` as JSON and pushes the result (an empty body pushes nil); throws, pushing
    /// nothing, when it is not JSON.
    ///
    /// The one place that decides how JSON becomes Lua: today through `JSONValue` (correct, with
    /// an intermediate tree); switching to the C decoder (`LuaStack.pushJSON`) changes this body only.
    static func push(_ body: Data, to stack: LuaStack) throws {
        guard !body.isEmpty else {
            lua_pushnil(stack.L)
            return
        }
        try JSONValue(parsing: body).push(to: stack)
    }

    /// The body as a Lua value kept on the Swift side: tables by reference (not copied), scalars by value.
    static func value(of body: Data, in state: LuaState) throws -> LuaValue {
        let stack = state.stack
        _ = stack.reserve(2)
        try push(body, to: stack)
        return state.popValue()
    }
}

extension LuaState {
    /// Pops the value on top of the main thread's stack: a table as a reference (so it is not
    /// copied), anything else by value.
    func popValue() -> LuaValue {
        if lua_type(L, -1) == LUA_TTABLE { return .reference(popReference()) }
        let value = (try? LuaValue.read(from: stack, at: -1)) ?? .nil
        lunar_pop(L, 1)
        return value
    }
}
