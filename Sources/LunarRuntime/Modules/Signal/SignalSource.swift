import LunarBridge
import LunarSignals

/// A Lua object that is a signal (`Signal`, `Subject`, `Property`): each such class gets
/// `subscribe` and every operator method from `describeSignalMethods`, so `s:map(f):filter(g)`
/// works on all of them and each operator returns a new `Signal` object.
protocol SignalSource: LuaObject {
    /// The events this object stands for.
    var signal: Signal<LuaValue> { get }
    /// The per-state context the object's Lua calls go through.
    var context: SignalContext { get }
}

extension SignalSource {
    /// A new `Signal` object for `signal`, in this object's context.
    func derive(_ signal: Signal<LuaValue>) -> LuaSignal {
        LuaSignal(signal, context: context)
    }

    /// Subscribes Lua handlers. A handler's error is reported (file:line) and the subscription
    /// goes on; a failure reaching a subscription without an error handler is reported too.
    func subscribe(next: LuaFunction?, error: LuaFunction?, completed: LuaFunction?) -> LuaDisposable {
        let context = self.context
        let subscription = signal.subscribe { event in
            switch event {
            case .next(let value):
                if let next { context.deliver(next, value) }
            case .failed(let failure):
                if let error {
                    context.deliver(error, LuaSignalError.luaValue(for: failure))
                } else {
                    context.state.report(LuaSignalError.unhandledReport(for: failure))
                }
            case .completed:
                if let completed { context.deliver(completed) }
            }
        }
        return LuaDisposable(subscription)
    }
}
