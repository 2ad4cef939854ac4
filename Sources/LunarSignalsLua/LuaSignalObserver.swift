import LunarBridge
import LunarSignals

/// The observer a `signal.create(fn)` function gets, one per subscription: `:send(v)`,
/// `:fail(err)`, `:complete()`, and `.disposed` (true once the subscription has ended, so a
/// producer can stop early). Sends after the end do nothing. Confined to the executor.
package final class LuaSignalObserver: LuaObject {
    private let observer: Observer<LuaValue>

    /// Wraps the observer of one subscription.
    init(_ observer: Observer<LuaValue>) {
        self.observer = observer
    }

    package static var luaTypeName: String { "Observer" }

    package static func describe(_ luaClass: inout LuaClassBuilder<LuaSignalObserver>) {
        luaClass.method("send(value)", summary: "Sends a value to the subscriber.") { (object: LuaSignalObserver, value: SignalValue) in object.observer.sendNext(value.value) }
        luaClass.method("fail(err)", summary: "Fails the signal with err.") { (object: LuaSignalObserver, error: SignalValue) in
            object.observer.sendError(LuaSignalError(value: error.value))
        }
        luaClass.method("complete", summary: "Completes the signal.") { (object: LuaSignalObserver) in object.observer.sendCompleted() }
        luaClass.property("disposed", get: { $0.observer.isDisposed })
    }
}
