import CLunar

/// Fields of the table at an index, through Lua's own `t[k]` (metamethods honoured), for
/// tables a binding builds; ``LuaTableView`` is the raw, typed way.
extension LuaStack {
    /// Pops the top value into field `name` of the table at `index` (`lua_setfield`).
    @inlinable public func setField(_ name: String, in index: Int32) { lua_setfield(L, index, name) }
}

extension LuaStack {
    /// Pushes a new empty table sized for `arrayCapacity` elements and `fieldCapacity` other
    /// fields: the bridge's own tables (metatables, method tables, hook lists), which, unlike
    /// ``pushNewTable(arrayCapacity:fieldCapacity:)``'s, are not charged to a script's budget.
    @inlinable public func pushUncountedTable(arrayCapacity: Int32 = 0, fieldCapacity: Int32 = 0) {
        lua_createtable(L, arrayCapacity, fieldCapacity)
    }
}
