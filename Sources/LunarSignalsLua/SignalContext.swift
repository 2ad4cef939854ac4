import LunarBridge
import LunarSignals

/// What `lunar.signal` keeps per Lua state: the scheduler over the runtime's executor, the Lua
/// helper functions it calls, and the calls from signals into Lua.
///
/// The state owns its context (`state[extension:]`); signal objects, operators and subscriptions
/// hold the context, never the state, so nothing Lua holds keeps the state alive. The context's
/// link back to the state is unowned: everything that uses it runs on the executor while the
/// state lives. When the state closes, the context drops its waiting timer actions and helpers
/// (they hold subscriptions that hold the context: cycles nothing else would break) and stops
/// delivering into Lua. Confined to the executor.
package final class SignalContext: LuaStateClosing {
    /// The state the signals of this context call into.
    unowned(unsafe) let state: LuaState
    /// Time operators and `signal.interval` run on it; nil without an executor.
    let scheduler: ExecutorScheduler?
    private let executor: LuaExecutor?
    private var helpers: [String: LuaFunction] = [:]
    /// What a fused pipeline step returns for a value a filter dropped (a table of its own).
    private var skipMarker: LuaValue?
    /// Set when the state closes: from then on nothing is delivered into Lua.
    private var isClosed = false
    /// The subscriptions scripts made (and the runs commands started), ended when the state
    /// closes: a subscription nobody disposed holds itself together (each operator's observer
    /// holds the one above it, whose handler holds it back), so only ending it frees it.
    private let subscriptions = CompositeDisposable()

    /// Scripts' writes so far: property sets, subject sends and command runs. The screen host
    /// compares it around an event a component handled: a write may change what its screen shows.
    package var writes = 0

    private init(state: LuaState, executor: LuaExecutor?) {
        self.state = state
        self.executor = executor
        scheduler = executor.map(ExecutorScheduler.init)
    }

    /// Gives `state` a context whose time operators run on `executor` (once per state).
    static func install(on state: LuaState, executor: LuaExecutor) {
        guard state[extension: SignalContext.self] == nil else { return }
        state[extension: SignalContext.self] = SignalContext(state: state, executor: executor)
    }

    /// The context of `state`, made on first use (over the state's executor, if it has one).
    package static func of(_ state: LuaState) -> SignalContext {
        if let context = state[extension: SignalContext.self] { return context }
        let context = SignalContext(state: state, executor: state.asyncDriver as? LuaExecutor)
        state[extension: SignalContext.self] = context
        return context
    }

    /// Ends the scripts' subscriptions and lets go of the waiting timer actions and the helpers;
    /// later deliveries (a `signal.create` cleanup the ending runs) do nothing.
    package func stateWillClose() {
        isClosed = true
        subscriptions.dispose()
        scheduler?.cancelAll()
        helpers = [:]
        skipMarker = nil
    }

    /// Ends `subscription` when the state closes (at once if it has closed).
    package func endsWithState(_ subscription: any Disposable) {
        subscriptions.add(subscription)
    }

    /// `signal`, each of whose subscriptions ends when the state closes: for subscriptions made
    /// inside the runtime on a script's behalf (a command's runs).
    func endingWithState(_ signal: Signal<LuaValue>) -> Signal<LuaValue> {
        Signal { observer in
            self.subscriptions.add(observer)
            return signal.subscribe(observer.send)
        }
    }

    /// The scheduler, or the error a time operator raises on a state without an executor.
    func requireScheduler(_ operation: String) throws -> ExecutorScheduler {
        guard let scheduler else {
            throw LuaError.message("\(operation) needs the runtime's executor (this state has none)")
        }
        return scheduler
    }

    // MARK: Calls into Lua

    /// `f(value)`, its result kept by reference; a Lua error becomes the signal's error.
    func transform(_ function: LuaFunction, _ value: LuaValue) throws -> LuaValue {
        do { return try state.call(function, value, returning: SignalValue.self).value } catch {
            throw LuaSignalError(error)
        }
    }

    /// Whether `f(a, b)` is truthy; a Lua error becomes the signal's error.
    func test(_ function: LuaFunction, _ first: LuaValue, _ second: LuaValue) throws -> Bool {
        do { return try state.call(function, first, second, returning: LuaTruth.self).isTrue } catch {
            throw LuaSignalError(error)
        }
    }

    /// `f(value)` for its side effect; a Lua error becomes the signal's error.
    func perform(_ function: LuaFunction, _ value: LuaValue) throws {
        do { _ = try state.call(function, value, returning: IgnoredResult.self) } catch {
            throw LuaSignalError(error)
        }
    }

    /// `f()` for its side effect; a Lua error becomes the signal's error.
    func perform(_ function: LuaFunction) throws {
        do { _ = try state.call(function, returning: IgnoredResult.self) } catch {
            throw LuaSignalError(error)
        }
    }

    /// The signal `f(value)` returns; anything else fails with a message naming `role`.
    func signal(returnedBy function: LuaFunction, _ value: LuaValue, role: String) throws -> Signal<LuaValue> {
        try signal(from: transform(function, value), role: role)
    }

    /// The signal of a signal-like value (a signal, subject or property object).
    func signal(from value: LuaValue, role: String) throws -> Signal<LuaValue> {
        let stack = state.stack
        _ = stack.reserve(1)
        value.push(to: stack)
        defer { stack.pop() }
        if let source = SignalArgument.source(at: -1, in: stack) { return source }
        throw LuaSignalError(value: .string("\(role) must be a signal, got \(value.typeName)"))
    }

    /// Hands a value to a subscriber; its error is reported and the subscription goes on.
    func deliver(_ function: LuaFunction, _ value: LuaValue) {
        guard !isClosed else { return }
        do { _ = try state.call(function, value, returning: IgnoredResult.self) } catch {
            state.report(error)
        }
    }

    /// Tells a subscriber the signal completed; its error is reported.
    func deliver(_ function: LuaFunction) {
        guard !isClosed else { return }
        do { _ = try state.call(function, returning: IgnoredResult.self) } catch {
            state.report(error)
        }
    }

    /// Disposes `disposable` on a later executor turn, if the state is still there: for
    /// disposal that starts in a `deinit`, which may run inside Lua's garbage collector, where
    /// calling into Lua (a `signal.create` cleanup function) is not allowed.
    func disposeLater(_ disposable: any Disposable) {
        later { _ in disposable.dispose() }
    }

    /// Runs `job` on a later executor turn if the context is still there; never on a state
    /// without an executor (there is no later turn).
    func later(_ job: @escaping (SignalContext) -> Void) {
        guard let executor else { return }
        let bound = ExecutorBound((WeakContext(self), job))
        executor.enqueue {
            guard let context = bound.value.0.context else { return }
            bound.value.1(context)
        }
    }

    /// Whether the value at `index` is the skip marker of fused pipeline steps.
    func isSkipMarker(at index: Int32, in stack: LuaStack) -> Bool {
        guard let skipMarker else { return false }
        let index = stack.absoluteIndex(index)
        _ = stack.reserve(1)
        skipMarker.push(to: stack)
        defer { stack.pop() }
        return stack.rawEqual(-1, index)
    }

    /// The `chain` helper, with the skip marker fetched on first use.
    func chainHelper() throws(LuaScriptError) -> LuaFunction {
        let chain = try helper("chain")
        if skipMarker == nil {
            skipMarker = try state.callReturningAll(helper("skipMarker"), [], keepingReferences: true).first
        }
        return chain
    }

    // MARK: Lua helpers

    /// A helper written in Lua, compiled once per state (assignments that may run metamethods
    /// happen in Lua, never through the C API from Swift).
    func helper(_ name: String) throws(LuaScriptError) -> LuaFunction {
        if let function = helpers[name] { return function }
        let chunk = try state.load(SignalContext.helperSource)
        let table = try state.callReturningAll(chunk, [])
        for (key, value) in table.first?.tableValue?.fields ?? [:] {
            if case .string(let helperName) = key, case .function(let function) = value { helpers[helperName] = function }
        }
        guard let function = helpers[name] else {
            throw LuaScriptError(kind: .runtime, message: "lunar.signal has no helper '\(name)'", location: nil, traceback: nil, value: .nil)
        }
        return function
    }

    private static let helperSource = LuaSource("lunar.signal", embedded: PackageResources.signal_lua)
}

/// Lets deferred jobs reach a context without keeping it alive.
private final class WeakContext {
    weak var context: SignalContext?
    init(_ context: SignalContext) { self.context = context }
}
