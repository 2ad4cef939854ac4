import LunarBridge

/// Installs every bridge module the runtime provides on a state.
///
/// `lunar.log` is built into every state; the service modules (`lunar.signal`,
/// `lunar.timer`, `lunar.router`, `lunar.net`, ...) are added here as they land.
public enum ScriptModules {
    public static func install(on state: LuaState) {
        state.register(LunarCoreModule.module)
    }
}

/// `lunar`: the root module, with `lunar.async(fn, ...)` to start a coroutine
/// in which bridged async functions are awaited instead of taking a callback.
enum LunarCoreModule {
    static let module = LuaModule("lunar") { m in
        m.rawFunction("async", parameters: ["fun(...)", "..."], results: []) { frame in
            let fn: LuaFunction = try frame.argument(1)
            var args: [LuaValue] = []
            if frame.argumentCount > 1 {
                for i in 2...frame.argumentCount { args.append(try frame.argument(i, as: LuaValue.self)) }
            }
            let state = frame.state
            state.spawn(fn, arguments: args) { result in
                if case .failure(let error) = result { state.report(error) }
            }
            return .results(0)
        }
    }
}
