import CLunar

/// The type of a Lua value, as `lua_type` reports it (`none` for a slot past the top).
public enum LuaType: Int32, Sendable {
    case none = -1
    case `nil` = 0
    case boolean = 1
    case lightUserdata = 2
    case number = 3
    case string = 4
    case table = 5
    case function = 6
    case userdata = 7
    case thread = 8

    /// `nil` or no value at all: what an optional argument or a missing field reads as.
    @inlinable public var isAbsent: Bool { rawValue <= 0 }
}

/// The slots of a stack: their types, the top, copies, and identity. Indices are Lua's
/// (1 is the bottom of the current frame, -1 the top). The caller reserves room before it
/// pushes (``LuaStack/reserve(_:)``), as with every push on a ``LuaStack``.
extension LuaStack {
    /// The type of the value at `index` (``LuaType/none`` past the top).
    @inlinable public func type(at index: Int32) -> LuaType {
        LuaType(rawValue: lua_type(L, index)) ?? .none
    }

    /// The index of the top value (the number of values in the current frame).
    @inlinable public var top: Int32 { lua_gettop(L) }

    /// Sets the top to `index`: pops the values above it, or pushes nils up to it.
    @inlinable public func setTop(_ index: Int32) { lua_settop(L, index) }

    /// Pops `count` values.
    @inlinable public func pop(_ count: Int32 = 1) { lunar_pop(L, count) }

    /// The absolute index (counted from the bottom) of `index`, so it stays valid across pushes.
    @inlinable public func absoluteIndex(_ index: Int32) -> Int32 { lua_absindex(L, index) }

    /// Pushes a copy of the value at `index` (the same table, not a new one).
    @inlinable public func pushCopy(of index: Int32) { lua_pushvalue(L, index) }

    /// Pushes copies of the values at `first` through `last`, in order (nothing when `last < first`).
    @inlinable public func pushCopies(from first: Int32, through last: Int32) {
        var index = first
        while index <= last {
            lua_pushvalue(L, index)
            index += 1
        }
    }

    /// Pushes `nil`.
    @inlinable public func pushNil() { lua_pushnil(L) }

    /// Whether the value at `index` is true as Lua sees it: anything but `nil` and `false`.
    @inlinable public func isTruthy(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// Whether the number at `index` is an integer (not a float, not a string).
    @inlinable public func isInteger(at index: Int32) -> Bool { lua_isinteger(L, index) != 0 }

    /// The number at `index` as Lua holds it: `.integer` or `.number`; nil when it is no number
    /// (a numeric string is not converted).
    @inlinable public func numberValue(at index: Int32) -> LuaValue? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        if lua_isinteger(L, index) != 0 { return .integer(Int(lua_tointegerx(L, index, nil))) }
        return .number(lua_tonumberx(L, index, nil))
    }

    /// Whether the values at `a` and `b` are raw-equal: numbers by value, strings by content,
    /// tables, functions and userdata by identity; no `__eq`.
    @inlinable public func rawEqual(_ a: Int32, _ b: Int32) -> Bool { lua_rawequal(L, a, b) != 0 }

    /// The address that identifies the table, function, thread or userdata at `index` while it
    /// lives (`lua_topointer`); nil for other values. Only for comparing identities.
    @inlinable public func identity(at index: Int32) -> UnsafeRawPointer? { lua_topointer(L, index) }

    /// Pops the top value into a registry reference.
    @inlinable public func popReference() -> LuaReference { state.popReference(on: L) }

    /// A registry reference to the value at `index` (which stays where it is).
    @inlinable public func reference(to index: Int32) -> LuaReference {
        lua_pushvalue(L, index)
        return state.popReference(on: L)
    }

    /// Pushes a new empty table sized for `arrayCapacity` elements and `fieldCapacity` other
    /// fields, and returns a view of it.
    @inlinable @discardableResult
    public func pushNewTable(arrayCapacity: Int = 0, fieldCapacity: Int = 0) -> LuaTableView {
        // The entries it is made for are native work a script asked for (LuaState.entryCost each).
        state.account(units: (min(max(0, arrayCapacity), 1 << 32) + min(max(0, fieldCapacity), 1 << 32)) * LuaState.entryCost)
        lua_createtable(L, Int32(clamping: arrayCapacity), Int32(clamping: fieldCapacity))
        return LuaTableView(stack: self, index: lua_gettop(L))
    }

    /// A view of the table at `index`, or nil when the value there is no table.
    @inlinable public func table(at index: Int32) -> LuaTableView? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        return LuaTableView(stack: self, index: lua_absindex(L, index))
    }

    /// The `__name` of the metatable of the value at `index` (the class name a metatable made by
    /// `luaL_newmetatable` carries), read raw; nil when there is none or it is no string.
    public func metatableName(at index: Int32) -> String? {
        guard reserve(2) else { return nil }
        let index = lua_absindex(L, index)
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        guard lua_getmetatable(L, index) != 0 else { return nil }
        lua_pushstring(L, "__name")
        guard lua_rawget(L, -2) == LUA_TSTRING else { return nil }
        return try? String.read(from: self, at: -1)
    }
}
