import LunarBridge
import LunarNetwork

/// The hook functions of a Lua accessory: `{willStart = fn(req), willStop = fn(req), didStop = fn(req)}`,
/// each optional.
struct LuaAccessoryHooks {
    var willStart: LuaFunction?
    var willStop: LuaFunction?
    var didStop: LuaFunction?

    init(lua table: LuaTable) throws(LuaTypeMismatch) {
        for key in table.fields.keys {
            guard case .string(let name) = key, ["willStart", "willStop", "didStop"].contains(name) else {
                throw LuaTypeMismatch(problem: "unknown hook '\(key)' (willStart, willStop, didStop)")
            }
        }
        willStart = try Self.hook(table["willStart"], "willStart")
        willStop = try Self.hook(table["willStop"], "willStop")
        didStop = try Self.hook(table["didStop"], "didStop")
        guard table.array.isEmpty, willStart != nil || willStop != nil || didStop != nil else {
            throw LuaTypeMismatch(problem: "an accessory needs at least one of willStart, willStop, didStop")
        }
    }

    private static func hook(_ value: LuaValue, _ name: String) throws(LuaTypeMismatch) -> LuaFunction? {
        switch value {
        case .nil: return nil
        case .function(let function): return function
        default: throw LuaTypeMismatch(problem: "hook '\(name)': function expected, got \(value.typeName)")
        }
    }
}

/// A `RequestAccessory` whose hooks are Lua functions, called with the Lua request object
/// (`net.accessory{...}` globally, or a request's `accessories` field).
///
/// A hook's error is reported with file:line and the request carries on. Runs on the client's
/// executor, where Lua runs. Holds the service weakly: it never keeps a state alive.
final class LuaAccessory: RequestAccessory {
    let hooks: LuaAccessoryHooks
    private weak var network: ScriptNetwork?

    init(_ hooks: LuaAccessoryHooks, network: ScriptNetwork) {
        self.hooks = hooks
        self.network = network
    }

    func requestWillStart(_ task: RequestTask) { run(hooks.willStart, task) }
    func requestWillStop(_ task: RequestTask) { run(hooks.willStop, task) }
    func requestDidStop(_ task: RequestTask) { run(hooks.didStop, task) }

    private func run(_ hook: LuaFunction?, _ task: RequestTask) {
        guard let hook, let network else { return }
        network.call(hook, with: LuaRequestTag.object(of: task.request))
    }
}
