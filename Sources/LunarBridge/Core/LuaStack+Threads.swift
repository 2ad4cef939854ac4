import CLunar

/// How a resumed coroutine stopped (``LuaStack/resume(_:arguments:)``).
enum LuaResumeOutcome {
    /// It yielded `results` values, on top of its stack.
    case yielded(results: Int32)
    /// It returned `results` values, at its stack's slots 1 through `results`.
    case finished(results: Int32)
    /// It raised; the error is on top of its stack (`status` is Lua's).
    case failed(status: Int32)
}

/// Threads: making, resuming and yielding coroutines on a state's stacks.
extension LuaStack {
    /// Whether the running function may yield (it runs in a coroutine, with no C call in between).
    var isYieldable: Bool { lua_isyieldable(L) != 0 }

    /// Pushes this stack's own thread.
    func pushThread() { lua_pushthread(L) }

    /// Pushes a new thread (a coroutine to be) and returns it; nil when Lua cannot make one.
    func pushNewThread() -> OpaquePointer? { lua_newthread(L) }

    /// Pushes the sentinel by which a resumed await learns that the value after it is an error.
    func pushErrorSentinel() { lunar_push_error_sentinel(L) }

    /// Resumes `co` (this stack is the resumer) with the `arguments` on top of its stack.
    func resume(_ co: OpaquePointer, arguments: Int32) -> LuaResumeOutcome {
        var results: Int32 = 0
        let status = lunar_resume(co, L, arguments, &results)
        switch status {
        case LUA_YIELD: return .yielded(results: results)
        case LUA_OK: return .finished(results: results)
        default: return .failed(status: status)
        }
    }
}
