import CLunar

extension LuaState {
    /// Emits a module event: every function a script registered with
    /// `module.on(event, fn)` is called with `arguments`, in registration
    /// order. A listener's error is reported and the others still run.
    public func emit(module: String, event: String, _ arguments: [LuaValue] = []) {
        guard let listeners = eventListeners[module]?[event] else { return }
        for listener in listeners {
            do { _ = try callReturningAll(listener.fn, arguments) } catch { report(error) }
        }
    }

    func addListener(module: String, event: String, _ fn: LuaFunction) -> Int {
        nextListenerID += 1
        eventListeners[module, default: [:]][event, default: []].append((nextListenerID, fn))
        return nextListenerID
    }

    func removeListener(module: String, event: String, id: Int) -> Bool {
        guard let list = eventListeners[module]?[event], let i = list.firstIndex(where: { $0.id == id }) else { return false }
        eventListeners[module]![event]!.remove(at: i)
        return true
    }

    /// Pushes a handle: a table whose methods (called as `handle:name()`)
    /// run the given Swift closures and return their Bool.
    public func pushHandle(on L: OpaquePointer? = nil, methods: [String: () -> Bool]) {
        let L = L ?? self.L
        let stack = LuaStack(L: L, state: self)
        _ = stack.reserve(4)
        lua_createtable(L, 0, Int32(methods.count))
        for (name, body) in methods.sorted(by: { $0.key < $1.key }) {
            pushFunction(named: name, on: L) { frame in
                frame.push(body())
                return .results(1)
            }
            lua_setfield(L, -2, name)
        }
    }
}
