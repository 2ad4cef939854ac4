import LunarBridge
import LunarSignalsLua
import LunarTestSupport

/// A Lua engine on the virtual clock with `lunar.signal` alone (no runtime), for its tests.
///
/// Every chunk sees `signal` (the module) and `log(...)`, which appends its arguments, joined by
/// spaces, to a list that `logged()` returns and clears. Reported (uncaught) errors are kept.
final class SignalHarness: Sendable {
    let engine: LuaEngine
    private let reports = SharedLog<String>()

    init() async throws {
        engine = try LuaEngine(clock: .virtual)
        let reports = self.reports
        try await engine.withState { state in
            SignalModule.install(on: state, executor: state.asyncDriver as! LuaExecutor)
            state.errorHandler = { error in reports.append(error.report) }
            try state.run("""
                signal = require("lunar.signal")
                out = {}
                function log(...)
                  local parts = {}
                  for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
                  out[#out + 1] = table.concat(parts, " ")
                end
                """, name: "=prelude")
        }
    }

    /// Runs a chunk named `test.lua` and returns its results.
    @discardableResult
    func run(_ code: String) async throws -> [LuaValue] {
        try await engine.run(code, name: "@test.lua")
    }

    /// What `log` recorded since the last call, then clears it.
    func logged() async throws -> [String] {
        let values = try await engine.run("local t = out; out = {}; return t", name: "=logged")
        return values.first?.tableValue?.array.map(\.description) ?? []
    }

    /// Runs `code`, then returns what it logged.
    func log(_ code: String) async throws -> [String] {
        try await run(code)
        return try await logged()
    }

    /// Moves the virtual clock and runs what comes due.
    func advance(by seconds: Double) async {
        await engine.advance(by: seconds)
    }

    /// The reports of uncaught errors since the last call, then clears them.
    func reported() -> [String] {
        reports.take()
    }

    /// Registry references Swift holds now, after a full collection (so signal objects Lua
    /// dropped are gone) and after releasing the references Swift dropped.
    func liveReferences() async throws -> Int {
        try await engine.run("collectgarbage() collectgarbage()", name: "=collect")
        try await engine.run("", name: "=drain")
        return await engine.withState { $0.liveReferences }
    }
}
