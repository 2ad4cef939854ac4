import LunarBridge
import LunarSignals

/// `Signal` in Lua: a cold or derived signal (from `signal.of`, `signal.create`, an operator...),
/// with `subscribe` and every operator method. Confined to the executor.
package final class LuaSignal: SignalSource {
    let signal: Signal<LuaValue>
    let context: SignalContext
    /// Set when this signal is a run of Lua map/filter/scan stages: further such operators
    /// extend the run, and a Lua subscriber joins it (see ``LuaStageChain``).
    let stageChain: LuaStageChain?

    /// Wraps `signal` for Lua.
    init(_ signal: Signal<LuaValue>, context: SignalContext) {
        self.signal = signal
        self.context = context
        stageChain = nil
    }

    /// A run of fused stages.
    init(chain: LuaStageChain, context: SignalContext) {
        signal = chain.signal(in: context)
        self.context = context
        stageChain = chain
    }

    package static var luaTypeName: String { "Signal" }

    package static func describe(_ luaClass: inout LuaClassBuilder<LuaSignal>) {
        luaClass.generic("T")
        describeSignalMethods(&luaClass)
    }
}
