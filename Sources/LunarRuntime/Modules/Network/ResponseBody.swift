import CLunar
import Foundation
import LunarBridge
import LunarJSON

/// Turns a response body into the Lua value scripts receive.
enum ResponseBody {
    /// Parses `body` as JSON and pushes the result (an empty body pushes nil); throws, pushing
    /// nothing, when it is not JSON.
    ///
    /// The one place that decides how JSON becomes Lua: the C decoder builds Lua values straight
    /// from the bytes, with no intermediate Foundation or `JSONValue` tree; JSON `null` is `json.null`.
    static func push(_ body: Data, to stack: LuaStack) throws {
        guard !body.isEmpty else {
            lua_pushnil(stack.L)
            return
        }
        // (A typed-throws closure here crashes Swift 6.3.1's IRGen; return the error instead.)
        let failure = body.withUnsafeBytes { bytes -> LuaJSONError? in
            do { try stack.pushJSON(bytes); return nil } catch let error as LuaJSONError { return error } catch { return nil }
        }
        if let failure { throw failure }
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
