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

}

extension LuaStack {
    /// Pushes a handle: a table whose methods (called as `handle:name()`)
    /// run the given Swift closures and return their Bool. Returns a view of it,
    /// for fields to add.
    @discardableResult
    public func pushHandle(methods: [String: () -> Bool]) -> LuaTableView {
        _ = reserve(4)
        let handle = pushNewTable(fieldCapacity: methods.count)
        for (name, body) in methods.sorted(by: { $0.key < $1.key }) {
            state.pushFunction(named: name, on: L) { frame in
                frame.push(body())
                return .results(1)
            }
            setField(name, in: -2)
        }
        return handle
    }
}
