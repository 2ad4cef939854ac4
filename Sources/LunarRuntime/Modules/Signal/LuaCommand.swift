import LunarBridge
import LunarSignals

/// `Command` in Lua (`signal.command{run=fn, enabled=signal, concurrent=false}`): an action a
/// button drives, over the Swift `Command`.
///
/// `:execute(input)` calls `run(input)`, which must return a signal, and subscribes to it at once;
/// it returns that run's events, replayed to late subscribers. While disabled it runs nothing and
/// returns a signal failing with `{kind="disabled", message="command is disabled"}` (not sent to
/// `errors`). `executing` and `enabled` are read-only properties (`:get()`, `:subscribe(fn)`);
/// `errors` and `values` are hot signals of every run's errors and values. `ui.Button{command=c}`
/// reads `c.enabled:get()` and calls `c:execute(input)`. Confined to the executor.
final class LuaCommand: LuaObject {
    let command: Command<LuaValue, LuaValue>
    let context: SignalContext
    private lazy var executingObject = LuaProperty(
        readOnly: command.executing.map { .boolean($0) },
        current: { [command] in .boolean(command.isExecuting) }, context: context)
    private lazy var enabledObject = LuaProperty(
        readOnly: command.enabled.map { .boolean($0) },
        current: { [command] in .boolean(command.isEnabled) }, context: context)
    private lazy var errorsObject = LuaSignal(command.errors.map { LuaSignalError.luaValue(for: $0) }, context: context)
    private lazy var valuesObject = LuaSignal(command.values, context: context)

    /// Makes a command calling `run` per execution; `enabled` (any signal, read for truth) gates it.
    init(run: LuaFunction, enabled: Signal<LuaValue>?, concurrent: Bool, context: SignalContext) {
        self.context = context
        command = Command(enabled: enabled.map { LuaCommand.gate($0, context: context) }, allowsConcurrentExecution: concurrent) { input in
            try context.endingWithState(context.signal(returnedBy: run, input, role: "the command's run function result"))
        }
    }

    /// The enabled input as booleans. The command disposes it from `deinit`, which may run inside
    /// Lua's garbage collector, so the disposal itself waits for the next executor turn.
    private static func gate(_ enabled: Signal<LuaValue>, context: SignalContext) -> Signal<Bool> {
        Signal { observer in
            let input = enabled.subscribe { event in observer.send(event.map { $0.isTruthy }) }
            context.endsWithState(input)
            return ActionDisposable { [weak context] in context?.disposeLater(input) }
        }
    }

    static var luaTypeName: String { "Command" }

    static func describe(_ luaClass: inout LuaClassBuilder<LuaCommand>) {
        luaClass.method("execute") { (object: LuaCommand, input: SignalValue) -> LuaSignal in
            LuaSignal(object.command.execute(input.value), context: object.context)
        }
        luaClass.property("executing", get: { $0.executingObject })
        luaClass.property("enabled", get: { $0.enabledObject })
        luaClass.property("errors", get: { $0.errorsObject })
        luaClass.property("values", get: { $0.valuesObject })
        luaClass.property("concurrent", get: { $0.command.allowsConcurrentExecution })
    }
}
