import LunarBridge
import LunarNetwork

/// Runs a `NetworkClient`'s callbacks on the Lua state's executor: every completion, progress
/// report, accessory hook and URL filter then runs where Lua runs.
///
/// `schedule` only queues: the work always runs later, after the jobs already queued, never inside
/// the call. Safe to call from any thread (the transport's).
struct ExecutorCallbackScheduler: CallbackScheduler {
    let driver: any LuaAsyncDriver

    func schedule(_ work: @escaping @Sendable () -> Void) {
        driver.enqueue(work)
    }
}
