import Logging
import LunarBridge

/// Runs a command's work with a runtime and tears the runtime down before returning.
///
/// Dropping a runtime only asks its executor thread to stop; the thread then lets go of the
/// timers and jobs still queued, and with them the Lua state. A command that returns (and so
/// exits the process) at once would leave the state alive at exit, which LeakSanitizer reports
/// and which skips the state's own cleanup. So the runtime is dropped here, and the executor
/// waited for (a few seconds at most: a runtime something else still holds does not stop).
public enum RuntimeScope {
    /// How long to wait for the executor thread to stop.
    public static let stopTimeout = 5.0

    /// Makes a runtime with `make`, runs `body` with it, then drops it and waits for its
    /// executor to stop, whether `body` returned or threw.
    public static func run<T>(
        _ make: () async throws -> LunarRuntime,
        _ body: (LunarRuntime) async throws -> T
    ) async throws -> T {
        let executor: LuaExecutor
        let outcome: Result<T, any Error>
        do {
            let runtime = try await make()
            executor = runtime.executor
            do { outcome = .success(try await body(runtime)) } catch { outcome = .failure(error) }
        }
        if !executor.waitUntilStopped(timeout: stopTimeout) {
            Logger(label: "lunar.runtime").warning("""
                the runtime did not stop within \(stopTimeout) s: something still holds it (a host \
                reference, or a job that does not end); its Lua state is left for the process's exit
                """)
        }
        return try outcome.get()
    }
}
