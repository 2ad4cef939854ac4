import LunarBridge
import Testing

@Suite struct SignalBindingTests {
    @Test func bindAssignsEachValueUntilTheSignalEnds() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local form = {}
            local s = signal.subject()
            local d = signal.bind(form, "account", s:map(function(v) return v:sub(1, 3) end))
            s:send("annabel") log(form.account)
            s:send("bo") log(form.account)
            s:complete() log(d.disposed)
            local watched = setmetatable({}, { __newindex = function(t, k, v) log("set", k, v) rawset(t, k, v) end })
            signal.bind(watched, 1, signal.of("x"))
            log(watched[1])
            """)
        #expect(lines == ["ann", "bo", "true", "set 1 x", "x"])
    }

    @Test func bindAssignmentErrorsAreReportedAndTheBindingGoesOn() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local strict = setmetatable({}, { __newindex = function(t, k, v)
              if v == "bad" then error("refused " .. v) end
              rawset(t, k, v)
            end })
            local s = signal.subject()
            signal.bind(strict, "name", s)
            s:send("bad") s:send("good")
            log(strict.name)
            """)
        #expect(lines == ["good"])
        let reports = lua.reported()
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("test.lua:2: refused bad") == true)
    }

    @Test func lifetimeDisposesEverythingAddedAtOnce() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local life = signal.lifetime()
            local s = signal.subject()
            life:add(s:subscribe(function(v) log("a", v) end))
            s:subscribe(function(v) log("b", v) end):disposeWith(life)
            life:add(function() log("cleanup") end)
            local child = signal.lifetime()
            life:add(child)
            child.ended:subscribe(function(v) log("child ended", v) end)
            life.ended:subscribe(nil, nil, function() log("ended completed") end)
            s:send(1)
            log("disposed?", life.disposed)
            life:dispose()
            life:dispose()
            s:send(2)
            log("disposed?", life.disposed, child.disposed)
            life:add(function() log("added late") end)
            """)
        #expect(lines == [
            "a 1", "b 1", "disposed? false", "ended completed", "cleanup", "child ended true",
            "disposed? true true", "added late",
        ])
    }

    @Test func taskRunsAFunctionInAManagedCoroutine() async throws {
        let lua = try await SignalHarness()
        await lua.engine.register(LuaModule("native.slow") { m in
            m.function("double") { (x: Int) async throws -> Int in
                if x < 0 { throw LuaError.message("negative") }
                return x * 2
            }
        })
        try await lua.run("""
            local slow = require("native.slow")
            signal.task(function(x) return slow.double(x) + 1 end, 20)
              :subscribe(function(v) log("result", v) end, nil, function() log("done") end)
            signal.task(slow.double, -1):subscribe(nil, function(e) log("failed", e) end)
            signal.task(function() return { id = 1 } end):subscribe(function(t) log("table", t.id) end)
            """)
        await lua.engine.waitUntilIdle()
        let lines = try await lua.logged()
        #expect(lines.contains("table 1"))
        #expect(lines.contains("result 41"))
        #expect(lines.contains("done"))
        #expect(lines.contains { $0.hasPrefix("failed") && $0.hasSuffix("negative") })
        #expect(lines.count == 4)
    }
}
