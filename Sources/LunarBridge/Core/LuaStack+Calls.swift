import CLunar

/// Calling Lua from a bridged function, and the tables and boxes calls are made of.
extension LuaStack {
    /// The `results` of ``protectedCall(arguments:results:)`` that keeps every result (`LUA_MULTRET`).
    public static var allResults: Int32 { LUA_MULTRET }

    /// Calls the function pushed below the top `arguments` values, protected,
    /// on this stack's thread (a bridged function may call Lua this way).
    /// Leaves `results` results (``allResults``: all of them) in their place;
    /// on error leaves the stack as it was before the function was pushed and
    /// throws the error with its file:line and traceback.
    public func protectedCall(arguments: Int32, results: Int32) throws(LuaScriptError) {
        let status = lunar_pcall(L, arguments, results)
        if status != LUA_OK { throw state.popError(status: status, on: L, fresh: true) }
    }
}

extension LuaStack {
    /// Pushes a new table holding the referenced values at 1 through `references.count`
    /// (host bookkeeping, such as a hook list: not charged to the script's budget).
    public func pushSequence(of references: [LuaReference]) {
        pushUncountedTable(arrayCapacity: Int32(references.count))
        for (index, reference) in references.enumerated() {
            state.push(reference, on: L)
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
    }

    /// The bridged function the value at `index` is (a closure the bridge made), or nil.
    func bridgedFunction(at index: Int32) -> LuaFunctionBox? {
        guard let pointer = lunar_tobridged(L, index) else { return nil }
        return Unmanaged<LuaFunctionBox>.fromOpaque(pointer).takeUnretainedValue()
    }
}

extension LuaStack {
    /// Pushes a C closure of `function` over the `upvalues` values on top (which it pops).
    public func pushCClosure(_ function: lua_CFunction, upvalues: Int32) { lua_pushcclosure(L, function, upvalues) }

    /// Pushes `file:line:` of the function `level` calls up (1: the running one), as
    /// `error` prefixes a message; an empty string where there is no line.
    public func pushPosition(level: Int32) { lunar_where(L, level) }
}
