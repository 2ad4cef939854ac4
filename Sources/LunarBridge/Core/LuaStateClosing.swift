/// A per-state service (see ``LuaState/subscript(extension:)``) that is told when its state
/// closes, so it can let go of what it holds.
///
/// Services often sit in reference cycles that only the state's end can break: a scheduler
/// whose waiting actions hold subscriptions that hold the service. The state calls
/// ``stateWillClose()`` from its `deinit`, before Lua's collector runs the finalizers of the
/// objects Lua held, on the thread that drops the last reference to the state (the executor's,
/// when a `LuaEngine` or runtime goes: they hand the state to it). The service must not call
/// into Lua then or later.
public protocol LuaStateClosing: AnyObject {
    /// Drops what the service holds (pending work, cached Lua values) and stops calling into Lua.
    func stateWillClose()
}
