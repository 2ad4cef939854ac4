import LunarBridge
import LunarRouter
@testable import LunarRuntime

/// A Lua state with the runtime's script modules (as `lunar exec` has them),
/// on its own executor, recording the errors it reports.
struct LuaRouterHarness {
    let engine: LuaEngine
    let reports: ReportLog

    init() async throws {
        engine = try LuaEngine()
        let reports = ReportLog()
        self.reports = reports
        await engine.withState { [engine] state in
            ScriptModules.install(on: state, executor: engine.executor)
            state.errorHandler = { reports.errors.append($0) }
        }
    }

    /// Runs `source` (chunk name `@routes.lua`) and returns its results.
    @discardableResult
    func run(_ source: String) async throws -> [LuaValue] {
        try await engine.withState { state in try state.run(source, name: "@routes.lua") }
    }

    /// The reports so far, as `LuaScriptError.report` prints them.
    func reportedErrors() async -> [String] {
        await engine.withState { [reports] _ in reports.errors.map(\.report) }
    }

    /// Runs `body` with the state's shared router, on the executor.
    func withRouter<T: Sendable>(_ body: @Sendable (Router, LuaState) throws -> T) async throws -> T {
        try await engine.withState { state in try body(state[extension: Router.self]!, state) }
    }
}

/// Errors a state reported; touched only on the state's executor.
final class ReportLog: @unchecked Sendable {
    var errors: [LuaScriptError] = []
}
