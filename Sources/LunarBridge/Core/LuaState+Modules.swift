import CLunar

extension LuaState {
    /// Makes a module available to `require`. Registering again replaces it
    /// (scripts that already required it keep the old table).
    public func register(_ module: LuaModule) {
        modules[module.name] = module
        if let ref = moduleTables.removeValue(forKey: module.name) {
            luaL_unref(L, lunar_registryindex(), ref)
        }
        // Drop a stale package.loaded entry so the next require builds the new table.
        lua_getfield(L, lunar_registryindex(), LUA_LOADED_TABLE)  // the registry has no metatable
        if lua_type(L, -1) == LUA_TTABLE {
            module.name.push(to: stack)
            lua_pushnil(L)
            lua_rawset(L, -3)
        }
        lunar_pop(L, 1)
    }

    /// The names of the registered modules.
    public var moduleNames: [String] { Set(modules.keys).union(sourceModules.keys).sorted() }
    /// A registered module's declaration.
    public func module(named name: String) -> LuaModule? { modules[name] }

    /// Builds (once) and returns the Lua table of a registered module.
    func requireTable(_ name: String) throws(LuaScriptError) -> LuaTableReference {
        if let ref = moduleTables[name] {
            lua_rawgeti(L, lunar_registryindex(), lua_Integer(ref))
            return LuaTableReference(reference: makeReference(L))
        }
        guard pushModuleTable(name, on: L) else {
            throw LuaScriptError(kind: .runtime, message: "module '\(name)' not found", location: nil, traceback: nil, value: .nil)
        }
        return LuaTableReference(reference: makeReference(L))
    }

    /// Pushes the module's table, building it the first time. False if unknown.
    func pushModuleTable(_ name: String, on L: OpaquePointer) -> Bool {
        if let ref = moduleTables[name] {
            lua_rawgeti(L, lunar_registryindex(), lua_Integer(ref))
            return true
        }
        guard let module = modules[name] else { return false }
        let stack = LuaStack(L: L, state: self)
        _ = stack.reserve(4)
        lua_createtable(L, 0, Int32(module.members.count + 1))
        var hasEvents = false
        for member in module.members {
            switch member {
            case .function(let sig, let makeBody):
                let box = pushFunctionBox(named: module.shortName + "." + sig.signature.name, on: L, makeBody())
                adopt(box, as: LuaFunctionKey(module: module.name, function: sig.signature.name))
                lua_setfield(L, -2, sig.signature.name)
            case .cFunction(let sig, let function):
                lua_pushcclosure(L, function, 0)
                lua_setfield(L, -2, sig.signature.name)
            case .constant(let n, let push, _):
                push(stack)
                lua_setfield(L, -2, n)
            case .event:
                hasEvents = true
            case .raw(let n, let install):
                install(self)  // leaves one value on the main thread's stack
                if L != self.L { lua_xmove(self.L, L, 1) }
                lua_setfield(L, -2, n)
            }
        }
        if hasEvents {
            let moduleName = module.name
            pushFunction(named: module.shortName + ".on", on: L) { frame in
                let event: String = try frame.argument(1)
                let fn: LuaFunction = try frame.argument(2)
                guard frame.state.modules[moduleName]?.events.contains(event) == true else {
                    throw LuaArgumentError(position: 1, problem: "unknown event '\(event)'")
                }
                let state = frame.state
                let id = state.addListener(module: moduleName, event: event, fn)
                // Unowned: the handle lives inside the state, so it must not keep the state alive.
                frame.stack.pushHandle(methods: ["remove": { [unowned state] in
                    state.removeListener(module: moduleName, event: event, id: id)
                }])
                return .results(1)
            }
            lua_setfield(L, -2, "on")
        }
        lua_pushvalue(L, -1)
        moduleTables[name] = luaL_ref(L, lunar_registryindex())
        return true
    }
}
