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
    /// The fused Lua stages this object is, if it is such a run (``LuaSignal`` only).
    var stageChain: LuaStageChain? { get }
}

extension SignalSource {
    var stageChain: LuaStageChain? { nil }

    /// A new `Signal` object: this one followed by a Lua `map`, `filter` or `scan` stage, fused
    /// with the stages before it when this object is such a run.
    func appending(_ stage: LuaStageChain.Stage) -> LuaSignal {
        let chain = stageChain?.appending(stage, in: context)
            ?? LuaStageChain(upstream: signal, stages: [stage], subject: (self as? LuaSubject).flatMap { $0.hasLane ? $0 : nil })
        return LuaSignal(chain: chain, context: context)
    }

    /// A new `Signal` object for `signal`, in this object's context.
    func derive(_ signal: Signal<LuaValue>) -> LuaSignal {
        LuaSignal(signal, context: context)
    }

    /// Subscribes Lua handlers. A handler's error is reported (file:line) and the subscription
    /// goes on; a failure reaching a subscription without an error handler is reported too.
    func subscribe(next: LuaFunction?, error: LuaFunction?, completed: LuaFunction?) -> LuaDisposable {
        let context = self.context
        var signal = self.signal
        var next = next
        if let chain = stageChain, let sink = next {
            // The subscriber joins the fused stages: one call into Lua per value.
            signal = chain.signal(in: context, deliveringTo: sink)
            next = nil
        } else if let subject = self as? LuaSubject, subject.hasLane, let sink = next {
            // A Lua subscriber straight on a subject joins its lane.
            signal = subject.laneSignal { (sink, .subscriber) }
            next = nil
        }
        let subscription = signal.subscribe { [next] event in
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
        context.endsWithState(subscription)
        return LuaDisposable(subscription)
    }
}
