import LunarBridge

/// An engine whose scripts can call `require('native.watchdog').arm()`: it fires the state's
/// interrupt ("stopped by host") from another thread while the script goes on running.
func engineWithWatchdog() async throws -> LuaEngine {
    let engine = try LuaEngine()
    await engine.withState { state in
        let handle = state.interruptHandle
        state.register(LuaModule("native.watchdog") { m in
            m.function("arm") { () in
                Task.detached { handle.interrupt("stopped by host") }
            }
        })
    }
    return engine
}
