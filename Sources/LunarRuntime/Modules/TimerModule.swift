import LunarBridge

/// `lunar.timer`: `after(seconds, fn)` and `every(seconds, fn)` on the
/// runtime's executor; each returns a handle with `:cancel()` (true the first
/// time). A pending timer keeps `lunar exec` and `wait` from finishing.
/// An error in a timer function is reported; an `every` timer keeps running.
enum TimerModule {
    static func module(executor: LuaExecutor) -> LuaModule {
        LuaModule("lunar.timer", summary: "Timers on the runtime's executor.") { m in
            m.rawFunction("after(seconds: number, fn: fun()): TimerHandle", summary: "Runs fn once, seconds from now.") { frame in
                try schedule(frame, executor: executor, repeating: false)
            }
            m.rawFunction("every(seconds: number, fn: fun()): TimerHandle", summary: "Runs fn every seconds until cancelled.") { frame in
                try schedule(frame, executor: executor, repeating: true)
            }
        }
    }

    static func schedule(_ frame: LuaCallFrame, executor: LuaExecutor, repeating: Bool) throws -> LuaReturn {
        // One rule for durations (LuaNumberRange): a wait past a year is refused, not converted.
        let seconds = try frame.argument(1, in: repeating ? .positiveSeconds : .seconds, "seconds")
        let fn: LuaFunction = try frame.argument(2)
        let state = ExecutorBound(frame.state)
        let id = executor.schedule(after: seconds, repeating: repeating ? seconds : nil) {
            let state = state.value
            do throws(LuaScriptError) { try state.callPushing(fn) { _ in 0 } } catch { state.report(error) }
        }
        frame.stack.pushHandle(methods: ["cancel": { executor.cancelTimer(id) }])
        return .results(1)
    }
}
