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
///
/// A failed run nobody sees is reported (file:line, like any unhandled script error): when no
/// subscriber of `errors` received it and nobody subscribed to the signal `execute` returned by
/// the end of that executor turn. A button's command whose `run` fails is the usual case. (A
/// state without an executor has no later turn, so it reports nothing.)
package final class LuaCommand: LuaObject {
    let command: Command<LuaValue, LuaValue>
    let context: SignalContext
    private lazy var executingObject = LuaProperty(
        readOnly: command.executing.map { .boolean($0) },
        current: { [command] in .boolean(command.isExecuting) }, context: context)
    private lazy var enabledObject = LuaProperty(
        readOnly: command.enabled.map { .boolean($0) },
        current: { [command] in .boolean(command.isEnabled) }, context: context)
    private lazy var errorsObject = LuaSignal(
        Watchers.counting(command.errors.map { LuaSignalError.luaValue(for: $0) }, in: errorWatchers), context: context)
    /// Who subscribes to `errors` (see the reporting rule above).
    private let errorWatchers = Watchers()
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

    /// Reports a run's failure unless `errors` or the run's own signal has someone to see it.
    private func runFailed(_ failure: any Error, runWatchers: Watchers) {
        // `errors` got this failure just before the run's signal failed.
        guard !(failure is CommandDisabledError), !errorWatchers.takeDelivered() else { return }
        context.later { context in
            // The caller may subscribe to the run's signal after `execute` returns.
            guard !runWatchers.ever else { return }
            context.state.report(LuaSignalError.unhandledReport(for: failure))
        }
    }

    package static var luaTypeName: String { "Command" }

    package static func describe(_ luaClass: inout LuaClassBuilder<LuaCommand>) {
        luaClass.method("execute(input): Signal", summary: "Runs the command with input, unless it is disabled; the run's signal.") { (object: LuaCommand, input: SignalValue) -> LuaSignal in
            object.context.writes &+= 1
            let run = object.command.execute(input.value)
            let runWatchers = Watchers()
            run.subscribe(error: { [weak object] failure in object?.runFailed(failure, runWatchers: runWatchers) })
            return LuaSignal(Watchers.counting(run, in: runWatchers), context: object.context)
        }
        luaClass.property("executing", get: { $0.executingObject })
        luaClass.property("enabled", get: { $0.enabledObject })
        luaClass.property("errors", get: { $0.errorsObject })
        luaClass.property("values", get: { $0.valuesObject })
        luaClass.property("concurrent", get: { $0.command.allowsConcurrentExecution })
    }
}

/// Watches the subscriptions to a signal: whether there ever was one, and whether a value
/// reached one since the last look.
final class Watchers {
    private(set) var ever = false
    private var delivered = false

    /// Whether a value reached a subscriber since the last call.
    func takeDelivered() -> Bool {
        defer { delivered = false }
        return delivered
    }

    /// `signal`, counting its subscriptions in `watchers`.
    static func counting<Value>(_ signal: Signal<Value>, in watchers: Watchers) -> Signal<Value> {
        Signal { observer in
            watchers.ever = true
            let inner = signal.subscribe { event in
                if case .next = event { watchers.delivered = true }
                observer.send(event)
            }
            return ActionDisposable { inner.dispose() }
        }
    }
}
