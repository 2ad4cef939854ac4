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

    @Test func aSubscriberThatEndsItsSubscriptionAndThenFailsIsStillReported() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            local own
            own = s:subscribe(function(v) own:dispose() error("after leaving") end)
            s:map(function(v) return v end):subscribe(function(v) log("other", v) end)
            s:send(1)
            s:send(2)
            """)
        #expect(lines == ["other 1", "other 2"])
        let reports = lua.reported()
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("test.lua:3: after leaving") == true)
    }

    /// A memory error is not given the place of an earlier, unrelated error.
    @Test func aMemoryErrorOnTheLaneIsReportedAsOne() async throws {
        let lua = try await SignalHarness()
        await lua.engine.withState { $0.memoryLimit = 32 << 20 }
        try await lua.run("""
            s = signal.subject()
            s:subscribe(function(v) if v == "fail" then error("first") end end)
            s:subscribe(function(v) if v == "grow" then local t = {} for i = 1, 1e8 do t[i] = i end end end)
            s:send("fail")
            """)
        #expect(lua.reported().first?.hasPrefix("test.lua:2: first") == true)
        try await lua.run("s:send('grow')")
        let reports = lua.reported()
        #expect(reports.count == 1)
        #expect(reports.first?.contains("not enough memory") == true)
        #expect(reports.first?.hasPrefix("test.lua:2:") == false)
    }

    @Test func aSendOnABadReceiverSaysWhere() async throws {
        let lua = try await SignalHarness()
        let result = try await lua.run("""
            local s = signal.subject()
            local ok, err = pcall(function() s.send(5, 1) end)
            return err
            """)
        #expect(result.first?.description.hasPrefix("test.lua:2: calling 'Subject:send' on bad self") == true, "\(result)")
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
