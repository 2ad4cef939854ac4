import LunarBridge

/// Where a host's script errors go besides the screen: the handler its embedder sets (an
/// overlay or a toast) and, beside it, an observer (the inspector's console while it is open).
struct ScriptErrorSink {
    /// Told of each script error; does nothing until an embedder sets it.
    var handler: (LuaScriptError) -> Void = { _ in }
    /// Also told of each script error (nil: nobody); setting ``handler`` leaves it alone.
    var observer: ((LuaScriptError) -> Void)?

    /// Tells the handler of an error, then the observer.
    var report: (LuaScriptError) -> Void {
        let handler = handler
        guard let observer else { return handler }
        return { error in
            handler(error)
            observer(error)
        }
    }
}
