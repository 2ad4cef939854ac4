import LunarBridge

/// The State panel's view-model rows, read and watched in Lua (so metamethods and signal
/// methods run inside protected calls): each field of the visible screen's `viewModel` with
/// its kind and current value, and subscriptions to every property's and command's changes.
enum ViewModelWatch {
    /// `values(vm)` returns name, kind, value, name, kind, value, …; `watch(vm, changed)`
    /// returns the subscriptions (a table); `unwatch(subs)` disposes of them; `field(t, name)`
    /// reads a field protected; `copy(v)` returns its argument (called without keeping
    /// references, it copies a table held by reference into Swift).
    static let source = LuaSource("lunar.devtools", embedded: PackageResources.viewmodel_watch_lua)
}
