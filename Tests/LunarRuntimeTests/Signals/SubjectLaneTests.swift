import LunarBridge
import Testing

/// A subject whose subscribers are all Lua steps hands a script's sends to them from C (the
/// lane, see `LuaSubject`). These check that the lane keeps every rule of the Swift delivery:
/// order, re-entrant sends queued, ends, disposal mid-delivery, errors, and switching between
/// the lane and Swift as subscribers come and go.
@Suite struct SubjectLaneTests {
    @Test func aSendFromInsideASubscriberWaitsForTheCurrentValue() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            s:subscribe(function(v)
              log("a", v)
              if v == 1 then s:send(2) s:send(3) end
            end)
            s:map(function(v) return v * 10 end):subscribe(function(v) log("b", v) end)
            s:send(1)
            """)
        #expect(lines == ["a 1", "b 10", "a 2", "b 20", "a 3", "b 30"])
    }

    @Test func anEndSentDuringADeliveryComesAfterTheCurrentValue() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            s:subscribe({ next = function(v) log("a", v) s:complete() s:send(99) end,
                          completed = function() log("a done") end })
            s:subscribe({ next = function(v) log("b", v) end, completed = function() log("b done") end })
            s:send(1)
            s:send(2)
            log("late")
            s:subscribe({ completed = function() log("late done") end })
            """)
        #expect(lines == ["a 1", "b 1", "a done", "b done", "late", "late done"])
    }

    @Test func aSubscriptionDisposedMidDeliveryGetsNothingMore() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            local second
            s:subscribe(function(v) log("a", v) if v == 1 then second:dispose() end end)
            second = s:subscribe(function(v) log("b", v) end)
            s:subscribe(function(v) log("c", v) end)
            s:send(1)
            s:send(2)
            """)
        #expect(lines == ["a 1", "c 1", "a 2", "c 2"])
    }

    @Test func aSubscriberAddedMidDeliveryStartsWithTheNextValue() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            s:subscribe(function(v)
              log("a", v)
              if v == 1 then s:subscribe(function(w) log("new", w) end) end
            end)
            s:send(1)
            s:send(2)
            """)
        #expect(lines == ["a 1", "a 2", "new 2"])
    }

    @Test func errorsKeepTheirRulesOnTheLane() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            s:map(function(v) if v == 2 then error("stage broke") end return v end)
              :subscribe({ next = function(v) log("a", v) end, error = function(e) log("a failed", e) end })
            s:subscribe(function(v) if v == 1 then error("subscriber broke") end log("b", v) end)
            s:subscribe(function(v) log("c", v) end)
            s:send(1) s:send(2) s:send(3)
            """)
        #expect(lines == ["a 1", "c 1", "a failed test.lua:2: stage broke", "b 2", "c 2", "b 3", "c 3"])
        let reports = lua.reported()
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("test.lua:4: subscriber broke") == true)
        #expect(reports.first?.contains("stack traceback:") == true)
    }

    @Test func aSwiftSideSubscriberTurnsTheLaneOffAndKeepsTheOrder() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            s:subscribe(function(v) log("a", v) end)
            local t = s:take(2):subscribe({ next = function(v) log("take", v) end,
                                            completed = function() log("take done") end })
            s:subscribe(function(v) log("c", v) if v == 1 then s:send(5) end end)
            s:send(1)
            s:send(2)
            s:send(3)
            """)
        #expect(lines == ["a 1", "take 1", "c 1", "a 5", "take 5", "take done", "c 5", "a 2", "c 2", "a 3", "c 3"])
    }

    @Test func theLaneStopsWithTheBudgetAndTheSubjectStaysUsable() async throws {
        let lua = try await SignalHarness()
        await lua.engine.withState { $0.instructionBudget = 200_000 }
        await #expect(throws: LuaScriptError.self) {
            try await lua.run("""
                s = signal.subject()
                s:subscribe(function(v) if v == "spin" then while true do end end log("a", v) end)
                s:subscribe(function(v) log("b", v) end)
                s:send("spin")
                """)
        }
        let lines = try await lua.log("s:send(1)")
        #expect(lines == ["a 1", "b 1"])
    }
}
