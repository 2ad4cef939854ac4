import LunarBridge
import LunarNetwork

/// `lunar.net`: requests, batches, chains, accessories and configuration for scripts.
///
/// The public module is written in Lua (``source``): request, batch and chain objects, their
/// `:cancel()` and `:tie(lifetime)`, and `net.signal`. It stands on a native part,
/// `lunar.net.native` (``native``), that reads request tables and sends objects through the
/// state's ``ScriptNetwork``: a request through the client's one response pipeline, a batch or
/// chain as the client's `BatchTask` or `ChainTask`. `net.signal` needs `lunar.signal`
/// (`LunarSignalsLua`) on the same state.
public enum NetworkModule {
    /// Gives `state` its ``ScriptNetwork`` (once per state), whose callbacks run on `executor`,
    /// and registers `lunar.net` and `lunar.net.native`.
    public static func install(on state: LuaState, executor: LuaExecutor) {
        if state[extension: ScriptNetwork.self] == nil {
            state[extension: ScriptNetwork.self] = ScriptNetwork(state: state, driver: executor)
        }
        state.register(native)
        state.registerSource(source)
    }

    static let native = LuaModule("lunar.net.native") { m in
        // Reads a request table, raising on the first bad field.
        m.function("check", shownAs: "net.request") { frame in
            let stack = frame.stack
            _ = stack.reserve(1)
            stack.pushCopy(of: 1)
            defer { stack.pop() }
            do throws(LuaTypeMismatch) { _ = try ScriptRequest.read(from: stack) } catch { throw LuaArgumentError(position: 1, problem: error.problem) }
            return .results(0)
        }
        // send(object, deliver, progress?) -> id: a request, batch or chain object.
        m.function("send", shownAs: "net.send") { frame in
            let network = try frame.state.scriptNetwork
            let object: LuaTableReference = try frame.argument(1)
            let deliver: LuaFunction = try frame.argument(2)
            let progress: LuaFunction? = try frame.argument(3)
            do throws(LuaTypeMismatch) {
                frame.push(try network.send(.reference(object.reference), deliver: deliver, progress: progress))
            } catch {
                throw LuaArgumentError(position: 1, problem: error.problem)
            }
            return .results(1)
        }
        m.function("cancel", shownAs: "net.cancel") { frame in
            let id: Int = try frame.argument(1)
            frame.push(try frame.state.scriptNetwork.cancel(id))
            return .results(1)
        }
        m.function("config", shownAs: "net.config") { frame in
            let network = try frame.state.scriptNetwork
            let table = try table(frame, 1)
            do throws(LuaTypeMismatch) { try network.configure(table) } catch { throw LuaArgumentError(position: 1, problem: error.problem) }
            return .results(0)
        }
        m.function("accessory", shownAs: "net.accessory") { frame in
            let network = try frame.state.scriptNetwork
            let hooks: LuaAccessoryHooks
            do { hooks = try LuaAccessoryHooks(lua: try table(frame, 1)) } catch let error as LuaTypeMismatch {
                throw LuaArgumentError(position: 1, problem: error.problem)
            }
            let accessory = network.addAccessory(hooks)
            frame.stack.pushHandle(methods: ["remove": { [weak network] in
                network?.removeAccessory(accessory) ?? false
            }])
            return .results(1)
        }
    }

    private static func table(_ frame: LuaCallFrame, _ position: Int32) throws -> LuaTable {
        let value = try frame.argument(position, as: LuaValue.self)
        guard case .table(let table) = value else {
            throw LuaArgumentError(position: Int(position), problem: "table expected, got \(frame.stack.typeName(at: position))")
        }
        return table
    }

    /// The public module, in Lua.
    static let source = LuaSource("lunar.net", embedded: PackageResources.net_lua)
}
