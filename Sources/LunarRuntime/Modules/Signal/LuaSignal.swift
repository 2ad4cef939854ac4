import LunarBridge
import LunarSignals

/// `Signal` in Lua: a cold or derived signal (from `signal.of`, `signal.create`, an operator...),
/// with `subscribe` and every operator method. Confined to the executor.
final class LuaSignal: SignalSource {
    let signal: Signal<LuaValue>
    let context: SignalContext

    /// Wraps `signal` for Lua.
    init(_ signal: Signal<LuaValue>, context: SignalContext) {
        self.signal = signal
        self.context = context
    }

    static var luaTypeName: String { "Signal" }

    static func describe(_ luaClass: inout LuaClassBuilder<LuaSignal>) {
        describeSignalMethods(&luaClass)
    }
}
