import LunarBridge
import LunarSignals

/// `Subject` in Lua (`signal.subject()`, `signal.replay(n)`): a hot signal a script sends into
/// with `:send(v)`, `:fail(err)` and `:complete()`, plus every operator method.
///
/// A plain subject reaches only the subscribers present when a value is sent; a replay subject
/// also replays its last `n` values (and its end) to each new subscriber. A send from inside a
/// subscriber is delivered after the current value has reached every subscriber.
final class LuaSubject: SignalSource {
    private enum Hot {
        case plain(Subject<LuaValue>)
        case replaying(ReplaySubject<LuaValue>)
    }

    private let hot: Hot
    let signal: Signal<LuaValue>
    let context: SignalContext

    /// A subject without replay.
    init(context: SignalContext) {
        let subject = Subject<LuaValue>()
        hot = .plain(subject)
        signal = subject.signal
        self.context = context
    }

    /// A subject replaying its last `capacity` values.
    init(replaying capacity: Int, context: SignalContext) {
        let subject = ReplaySubject<LuaValue>(capacity: capacity)
        hot = .replaying(subject)
        signal = subject.signal
        self.context = context
    }

    /// Sends any event to the subscribers.
    func send(_ event: Event<LuaValue>) {
        switch hot {
        case .plain(let subject): subject.send(event)
        case .replaying(let subject): subject.send(event)
        }
    }

    static var luaTypeName: String { "Subject" }

    static func describe(_ luaClass: inout LuaClassBuilder<LuaSubject>) {
        luaClass.method("send") { (subject: LuaSubject, value: SignalValue) in
            switch subject.hot {
            case .plain(let hot): hot.sendNext(value.value)
            case .replaying(let hot): hot.sendNext(value.value)
            }
        }
        luaClass.method("fail") { (subject: LuaSubject, error: SignalValue) in
            subject.send(.failed(LuaSignalError(value: error.value)))
        }
        luaClass.method("complete") { (subject: LuaSubject) in subject.send(.completed) }
        describeSignalMethods(&luaClass)
    }
}
