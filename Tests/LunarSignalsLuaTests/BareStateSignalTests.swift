import LunarBridge
import LunarSignalsLua
import Testing

/// What a host gets from linking `LunarSignalsLua` and `LunarBridge` alone, with no runtime and
/// no screens (this target does not link the runtime): `lunar.signal` on a plain `LuaState`.
@Suite struct BareStateSignalTests {
    @Test func aPipelineRunsOnAPlainStateWithNoRuntime() throws {
        let executor = LuaExecutor(name: "signals-alone", clock: .virtual)
        defer { executor.shutdown() }
        let state = try LuaState()
        SignalModule.install(on: state, executor: executor)
        let results = try state.run("""
            local signal = require("lunar.signal")
            local seen = {}
            local numbers = signal.subject()
            local total = signal.value(0)
            numbers:map(function(n) return n * 10 end)
              :filter(function(n) return n > 10 end)
              :scan(0, function(sum, n) return sum + n end)
              :subscribe(function(sum) total:set(sum) end)
            total:subscribe(function(sum) seen[#seen + 1] = sum end)
            for n = 1, 4 do numbers:send(n) end
            return table.concat(seen, " "), total:get()
            """, name: "=bare")
        #expect(results.first?.stringValue == "0 20 50 90")
        #expect(results.dropFirst().first?.intValue == 90)
    }
}
