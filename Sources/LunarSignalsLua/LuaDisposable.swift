import LunarBridge
import LunarSignals

/// `Disposable` in Lua: what `subscribe` and `signal.bind` return. `:dispose()` ends the
/// subscription (idempotent) and releases the Lua functions it held; `.disposed` tells whether it
/// has ended (disposed, or its signal ended); `:disposeWith(lifetime)` ties it to a lifetime.
package final class LuaDisposable: LuaObject {
    let disposable: any Disposable

    /// Wraps `disposable` for Lua.
    init(_ disposable: any Disposable) {
        self.disposable = disposable
    }

    package static var luaTypeName: String { "Disposable" }

    package static func describe(_ luaClass: inout LuaClassBuilder<LuaDisposable>) {
        luaClass.method("dispose", summary: "Disposes it: a subscription stops.") { (object: LuaDisposable) in object.disposable.dispose() }
        luaClass.method("disposeWith(lifetime)", summary: "Disposes it when lifetime ends; returns it.") { (object: LuaDisposable, lifetime: LuaLifetime) -> LuaDisposable in
            lifetime.add(object.disposable)
            return object
        }
        luaClass.property("disposed", get: { $0.disposable.isDisposed })
    }
}
