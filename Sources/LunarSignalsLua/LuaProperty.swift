import LunarBridge
import LunarSignals

/// `Property` in Lua: a value that is also a signal. `signal.value(v)` makes a writable one
/// (`:get()`, `:set(v)`); a command's `executing` and `enabled` are read-only ones. Subscribing
/// sends the current value at once, then every change; `:changes()` skips the current value.
/// Every operator method works on it. This is what `ui.TextField{bind=}` binds to.
package final class LuaProperty: SignalSource {
    let signal: Signal<LuaValue>
    let context: SignalContext
    private let current: () -> LuaValue
    private let assign: ((LuaValue) -> Void)?
    private let changes: Signal<LuaValue>

    /// A writable property holding `initial`.
    init(_ initial: LuaValue, context: SignalContext) {
        let property = Property(initial)
        signal = property.signal
        changes = property.changes
        current = { property.value }
        assign = { property.value = $0 }
        self.context = context
    }

    /// A read-only view: `current` reads the value, `signal` sends it at once and on each change.
    package init(readOnly signal: Signal<LuaValue>, current: @escaping () -> LuaValue, context: SignalContext) {
        self.signal = signal
        changes = signal.skip(1)
        self.current = current
        assign = nil
        self.context = context
    }

    /// The current value.
    var value: LuaValue { current() }

    package static var luaTypeName: String { "Property" }

    package static func describe(_ luaClass: inout LuaClassBuilder<LuaProperty>) {
        luaClass.generic("T")
        luaClass.method("get(): T", summary: "The current value.") { (property: LuaProperty) -> LuaValue in property.current() }
        luaClass.method("set(value: T)", summary: "Sets the value; subscribers see it if it changed.") { (property: LuaProperty, value: SignalValue) in
            guard let assign = property.assign else { throw LuaError.message("this property is read-only") }
            property.context.writes &+= 1
            assign(value.value)
        }
        luaClass.method("changes(): Signal<T>", summary: "The values set from now on (without the current one).") { (property: LuaProperty) -> LuaSignal in property.derive(property.changes) }
        describeSignalMethods(&luaClass)
    }
}
