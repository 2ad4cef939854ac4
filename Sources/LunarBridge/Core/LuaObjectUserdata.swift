import CLunar

/// Reading objects back from userdata slots.
@usableFromInline
enum LuaObjectSlot {
    /// Where a class metatable keeps its weak-valued table of live userdata,
    /// keyed by object address; an integer key no Lua event uses.
    static let instancesKey: lua_Integer = 1

    /// The object at `index` if it is a live userdata with metatable `metatable`.
    @inlinable
    static func object<Object: AnyObject>(
        _ type: Object.Type, at index: Int32, in stack: LuaStack, metatable: Int32
    ) -> Object? {
        guard let pointer = lunar_toobject(stack.L, index, metatable) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// `Counter expected, got table`; a userdata is named by its class, as
    /// `luaL_checkudata` does, and one already collected says so.
    static func mismatch(expected: String, at index: Int32, in stack: LuaStack) -> LuaTypeMismatch {
        let L = stack.L
        var got = stack.typeName(at: index)
        if lua_type(L, index) == LUA_TUSERDATA, stack.reserve(2), lua_getmetatable(L, index) != 0 {
            "__name".push(to: stack)
            if lua_rawget(L, -2) == LUA_TSTRING, let name = try? String.read(from: stack, at: -1) {
                got = lunar_toboxed(L, index) == nil ? "collected " + name : name
            }
            lunar_pop(L, 2)
        }
        return LuaTypeMismatch(expected: expected, got: got)
    }
}

/// The userdata side of ``LuaObject``: one userdata per live object and state, and the class
/// metatable's skeleton; the binding fills in methods and properties.
extension LuaStack {
    /// Pushes the userdata of `object` for the class whose metatable is the registry
    /// reference `metatable`: the one Lua already holds (found in the metatable's weak
    /// instance table by the object's address), else a new one retaining the object for Lua.
    func pushUserdata(of object: AnyObject, metatable: Int32) {
        _ = reserve(4)
        let address = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        lua_rawgeti(L, lunar_registryindex(), lua_Integer(metatable))
        lua_rawgeti(L, -1, LuaObjectSlot.instancesKey)
        if lua_rawgetp(L, -1, address) == LUA_TNIL {
            lunar_pop(L, 1)
            lunar_pushobject(L, Unmanaged.passRetained(object).toOpaque(), metatable)
            lua_pushvalue(L, -1)
            lua_rawsetp(L, -3, address)
        }
        // metatable, instances, userdata -> userdata
        lunar_replace(L, -3)
        lunar_pop(L, 1)
    }

    /// Pushes a new class metatable and returns its registry reference: the weak-valued
    /// instance table, `__name` and `__metatable` set to `name`, and `__gc` releasing the
    /// object. The caller adds `__index` and `__newindex` and pops it.
    func pushClassMetatable(named name: String) -> Int32 {
        lua_createtable(L, 1, 6)
        lua_pushvalue(L, -1)
        let metatable = luaL_ref(L, lunar_registryindex())

        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        "v".push(to: self)
        lua_setfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        lua_rawseti(L, -2, LuaObjectSlot.instancesKey)

        name.push(to: self)
        lua_setfield(L, -2, "__name")
        name.push(to: self)
        lua_setfield(L, -2, "__metatable")
        lunar_pushgchandler(L)
        lua_setfield(L, -2, "__gc")
        return metatable
    }

    /// Pops the method table and the getter table on top (getters topmost) and pushes the C
    /// `__index` that tries the methods, then the getters (clunar_object.h).
    func pushObjectIndex() { lunar_pushobjectindex(L) }
}
