import CLunar

/// A view of one Lua thread's stack, valid only on the owning state's executor.
public struct LuaStack {
    public let L: OpaquePointer
    public unowned(unsafe) let state: LuaState

    @inlinable init(L: OpaquePointer, state: LuaState) {
        self.L = L
        self.state = state
    }

    /// Lua's type name for the value at `index` ("no value" past the top).
    public func typeName(at index: Int32) -> String {
        let t = lua_type(L, index)
        if t == LUA_TNONE { return "no value" }
        return String(cString: lua_typename(L, t))
    }

    /// Makes sure `n` more values fit; false if the stack cannot grow.
    public func reserve(_ n: Int32) -> Bool { lua_checkstack(L, n) != 0 }
}
