import LunarBridge
import LunarSignals

/// `lunar.signal`: reactive signals for scripts, over `LunarSignals`.
///
/// Constructors: `value(v)`, `subject()`, `replay(n)`, `of(...)`, `empty()`, `never()`,
/// `fail(err)`, `create(fn)`, `defer(fn)`, `merge(...)`, `concat(...)`, `combineLatest(...)`,
/// `zip(...)`, `interval(sec)`, `task(fn, ...)`; `command{run=, enabled=, concurrent=}`,
/// `bind(target, key, s)`, `lifetime()`. Signal objects carry the operator methods
/// (see `describeSignalMethods`). Everything runs on the runtime's executor; time operators use
/// its clock. See docs/lua/signal.md.
///
/// A host that wants signals in Lua and no screens links this module alone and installs it on
/// its own state; `LunarRuntime` installs it for every script.
public enum SignalModule {
    /// Registers `lunar.signal` on `state`, with its context over `executor` (whose clock the
    /// time operators follow).
    public static func install(on state: LuaState, executor: LuaExecutor) {
        SignalContext.install(on: state, executor: executor)
        state.register(module)
    }

    static let module = LuaModule("lunar.signal", summary: "Signals, properties, subjects, commands and lifetimes.") { m in
        m.rawFunction("value<T>(initial: T): Property<T>", summary: "A property holding initial: read with :get(), change with :set(v).") { frame in
            frame.push(LuaProperty(SignalValue.value(at: 1, in: frame.stack), context: .of(frame.state)))
            return .results(1)
        }
        m.rawFunction("subject(): Subject", summary: "A subject: scripts send values into it with :send(v).") { frame in
            frame.push(LuaSubject(context: .of(frame.state)))
            return .results(1)
        }
        m.rawFunction("replay(capacity: integer?): Subject", summary: "A subject that replays its last capacity values (all if nil) to new subscribers.") { frame in
            let capacity = try frame.argument(1, as: Int?.self) ?? .max
            guard capacity >= 0 else { throw LuaArgumentError(position: 1, problem: "capacity must be >= 0") }
            frame.push(LuaSubject(replaying: capacity, context: .of(frame.state)))
            return .results(1)
        }
        m.rawFunction("of<T>(...: T): Signal<T>", summary: "A signal that sends each value, then completes.") { frame in
            let values = try frame.argument(1, as: ValueList.self).values
            return push(.from(values), frame)
        }
        m.rawFunction("empty(): Signal", summary: "A signal that completes at once.") { frame in push(.empty(), frame) }
        m.rawFunction("never(): Signal", summary: "A signal that never sends nor ends.") { frame in push(.never(), frame) }
        m.rawFunction("fail(err: any): Signal", summary: "A signal that fails at once with err.") { frame in
            let error = LuaSignalError(value: SignalValue.value(at: 1, in: frame.stack), location: frame.stack.callerLocation())
            return push(.fail(error), frame)
        }
        m.rawFunction("create(start: fun(observer: Observer): (fun()|Disposable)?): Signal", summary: "A cold signal: start runs per subscription and may return its cleanup.") { frame in
            let start: LuaFunction = try frame.argument(1)
            return push(created(by: start, context: .of(frame.state)), frame)
        }
        m.rawFunction("defer<T>(make: fun(): Signal<T>): Signal<T>", summary: "A signal made by make at each subscription.") { frame in
            let make: LuaFunction = try frame.argument(1)
            let context = SignalContext.of(frame.state)
            return push(.deferred { try context.signal(returnedBy: make, .nil, role: "the defer function's result") }, frame)
        }
        m.rawFunction("merge(...: Signal): Signal", summary: "Every value of every signal, as they come.") { frame in
            push(.merge(try frame.argument(1, as: SignalList.self).signals), frame)
        }
        m.rawFunction("concat(...: Signal): Signal", summary: "Each signal's values in turn, the next after the previous completes.") { frame in
            push(.concat(try frame.argument(1, as: SignalList.self).signals), frame)
        }
        m.rawFunction("combineLatest(...: Signal): Signal<any[]>", summary: "The latest value of each signal, as a list, whenever one sends.") { frame in
            let signals = try frame.argument(1, as: SignalList.self).signals
            return push(Signal.combineLatest(signals).map { .table(LuaTable(array: $0)) }, frame)
        }
        m.rawFunction("zip(...: Signal): Signal<any[]>", summary: "Lists of the signals' values paired in order.") { frame in
            let signals = try frame.argument(1, as: SignalList.self).signals
            return push(Signal.zip(signals).map { .table(LuaTable(array: $0)) }, frame)
        }
        m.rawFunction("interval(seconds: number): Signal<integer>", summary: "Sends 1, 2, 3, ... every seconds.") { frame in
            let seconds = try frame.argument(1, in: .positiveSeconds, "seconds")
            let scheduler = try SignalContext.of(frame.state).requireScheduler("signal.interval")
            return push(ticks(every: seconds, on: scheduler), frame)
        }
        m.rawFunction("task(fn: fun(...): any, ...: any): Signal", summary: "Runs fn(...) in a coroutine per subscription; sends its result and completes.") { frame in
            let function: LuaFunction = try frame.argument(1)
            let arguments = try frame.argument(2, as: ValueList.self).values
            return push(task(function, arguments, context: .of(frame.state)), frame)
        }
        m.rawFunction("command(spec: {run: fun(input): Signal, enabled: Signal?, concurrent: boolean?}): Command", summary: "An action: run makes a signal per execution; enabled gates it.") { frame in
            frame.push(try command(from: frame))
            return .results(1)
        }
        m.rawFunction("bind(target: table|userdata, key: any, source: Signal): Disposable", summary: "Sets target[key] to each value source sends.") { frame in
            frame.push(try bind(frame))
            return .results(1)
        }
        m.rawFunction("lifetime(): Lifetime", summary: "A lifetime: what is added to it is disposed when it ends.") { frame in
            frame.push(LuaLifetime(context: .of(frame.state)))
            return .results(1)
        }
    }

    private static func push(_ signal: Signal<LuaValue>, _ frame: LuaCallFrame) -> LuaReturn {
        frame.push(LuaSignal(signal, context: .of(frame.state)))
        return .results(1)
    }

    /// `file:line` of the Lua code calling the current bridged function, if it is Lua code.

    /// `signal.create(fn)`: `fn(observer)` runs per subscription and may return a cleanup
    /// function or a disposable; an error it raises fails that subscription.
    private static func created(by start: LuaFunction, context: SignalContext) -> Signal<LuaValue> {
        Signal { observer in
            let teardown: Teardown
            do throws(LuaScriptError) {
                teardown = try context.state.call(start, LuaSignalObserver(observer), returning: Teardown.self)
            } catch {
                observer.sendError(LuaSignalError(error))
                return nil
            }
            switch teardown {
            case .none: return nil
            case .disposable(let disposable): return disposable
            case .function(let cleanup): return ActionDisposable { context.deliver(cleanup) }
            }
        }
    }

    /// `signal.interval(sec)`: 1, 2, 3, ... every `seconds`, counted per subscription.
    private static func ticks(every seconds: Double, on scheduler: ExecutorScheduler) -> Signal<LuaValue> {
        .deferred {
            var count = 0
            return Signal<Double>.interval(seconds, on: scheduler).map { _ in
                count += 1
                return .integer(count)
            }
        }
    }

    /// `signal.task(fn, ...)`: per subscription, runs `fn(...)` in a managed coroutine (so bridged
    /// async functions are awaited inside it), then sends its first result and completes, or
    /// fails with its error. Disposing early drops the result; the coroutine still finishes.
    private static func task(_ function: LuaFunction, _ arguments: [LuaValue], context: SignalContext) -> Signal<LuaValue> {
        Signal { observer in
            let state = context.state
            let done = state.makeFunction(named: "signal.task") { frame in
                observer.sendNext(SignalValue.value(at: 1, in: frame.stack))
                observer.sendCompleted()
                return .results(0)
            }
            let runner: LuaFunction
            do throws(LuaScriptError) { runner = try context.helper("task") } catch {
                observer.sendError(LuaSignalError(error))
                return nil
            }
            state.spawn(runner, arguments: [.function(function), .function(done)] + arguments) { result in
                if case .failure(let error) = result { observer.sendError(LuaSignalError(error)) }
            }
            return nil
        }
    }

    /// `signal.command{run=fn, enabled=signal, concurrent=false}`.
    private static func command(from frame: LuaCallFrame) throws -> LuaCommand {
        let spec = try frame.argument(1, as: LuaTableView.self)
        let run: LuaFunction
        do {
            guard let function = try spec.field("run", as: LuaFunction.self) else {
                throw LuaArgumentError(position: 1, problem: "field 'run': function expected, got nil")
            }
            run = function
        } catch let error as LuaTypeMismatch {
            throw LuaArgumentError(position: 1, problem: error.problem)
        }
        let stack = frame.stack
        let enabled = try spec.withField("enabled") { field throws(LuaArgumentError) -> Signal<LuaValue>? in
            guard !stack.type(at: field).isAbsent else { return nil }
            guard let source = SignalArgument.source(at: field, in: stack) else {
                throw LuaArgumentError(position: 1, problem: "field 'enabled': signal expected, got \(SignalArgument.typeName(at: field, in: stack))")
            }
            return source
        }
        let concurrent: Bool
        do { concurrent = try spec.field("concurrent", as: Bool.self) ?? false } catch {
            throw LuaArgumentError(position: 1, problem: error.problem)
        }
        return LuaCommand(run: run, enabled: enabled, concurrent: concurrent, context: .of(frame.state))
    }

    /// `signal.bind(target, key, s)`: `target[key] = v` for each value of `s` until it ends (the
    /// `RAC(obj, key) = signal` idiom). The assignment runs in Lua (metamethods apply); its
    /// error is reported and the binding goes on. The binding holds `target` until it ends.
    private static func bind(_ frame: LuaCallFrame) throws -> LuaDisposable {
        let stack = frame.stack
        let targetType = stack.type(at: 1)
        guard targetType == .table || targetType == .userdata else {
            throw LuaArgumentError(position: 1, problem: "table or object expected, got \(stack.typeName(at: 1))")
        }
        guard !stack.type(at: 2).isAbsent else { throw LuaArgumentError(position: 2, problem: "key expected, got nil") }
        let source = try frame.argument(3, as: SignalArgument.self).signal
        let target = SignalValue.value(at: 1, in: stack)
        let key = SignalValue.value(at: 2, in: stack)
        let context = SignalContext.of(frame.state)
        let assign = try context.helper("assign")
        let binding = source.bind { value in
            do throws(LuaScriptError) { _ = try context.state.call(assign, target, key, value, returning: IgnoredResult.self) } catch {
                context.state.report(error)
            }
        }
        context.endsWithState(binding)
        return LuaDisposable(binding)
    }
}
