import LunarBridge

/// The State panel's view-model rows, read and watched in Lua (so metamethods and signal
/// methods run inside protected calls): each field of the visible screen's `viewModel` with
/// its kind and current value, and subscriptions to every property's and command's changes;
/// and the Elements panel's components, with their props and state shown the same way.
enum ViewModelWatch {
    /// `values(vm)` returns name, kind, value, name, kind, value, …; `watch(vm, changed)`
    /// returns the subscriptions (a table); `unwatch(subs)` disposes of them; `field(t, name)`
    /// reads a field protected; `copy(v)` returns its argument (called without keeping
    /// references, it copies a table held by reference into Swift); `components(tree)` returns
    /// the components of a screen's last tree by node path (`{ ["0.2"] = { { name, props, state } } }`,
    /// props and state as rows `{ name, kind, value }`), and an error's text if the walk stopped.
    static let source = LuaSource("lunar.devtools", embedded: PackageResources.viewmodel_watch_lua)
}
