import LunarBridge
import Testing

@Suite struct SignalErrorTests {
    @Test func subscriberErrorsAreReportedAndTheSubscriptionAndOthersGoOn() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            s:subscribe(function(v)
              if v == 1 then error("subscriber broke") end
              log("first", v)
            end)
            s:subscribe(function(v) log("second", v) end)
            s:send(1) s:send(2)
            """)
        #expect(lines == ["second 1", "first 2", "second 2"])
        let reports = lua.reported()
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("test.lua:3: subscriber broke") == true)
        #expect(reports.first?.contains("stack traceback:") == true)
    }

    /// map/filter/scan with Lua functions and a Lua subscriber run as one fused step per value:
    /// the rules stay those of separate operators.
    @Test func fusedStagesKeepPerSubscriptionStateAndErrorRules() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            local sums = s:map(function(v) return v * 10 end)
              :filter(function(v) return v ~= 20 end)
              :scan(0, function(acc, v) return acc + v end)
            sums:subscribe(function(v)
              if v == 40 then error("subscriber broke") end
              log("a", v)
            end)
            s:send(1) s:send(2) s:send(3)
            sums:subscribe({ next = function(v) log("b", v) end, error = function(e) log("b failed", e) end })
            sums:map(function(v) return v .. "!" end):subscribe(function(v) log("c", v) end)
            s:send(4)
            s:send(nil)
            """)
        // each subscription has its own accumulator; the first's error on 40 is reported, it goes on
        #expect(lines == [
            "a 10", "a 80", "b 40", "c 40!",
            "b failed test.lua:2: attempt to perform arithmetic on a nil value (local 'v')",
        ], "\(lines)")
        let reports = lua.reported()
        #expect(reports.count == 3, "\(reports)")
        #expect(reports.first?.hasPrefix("test.lua:6: subscriber broke") == true)
        #expect(reports.first?.contains("stack traceback:") == true)
        // nil * 10 fails every chain (a stage error): b's error handler gets it, a's and c's are reported
        #expect(reports.dropFirst().allSatisfy { $0.hasPrefix("test.lua:2: attempt to perform arithmetic on a nil value") })
    }

    @Test func operatorErrorsFailTheSignalAndAreReportedWhenUnhandled() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            s:map(function(v)
              if v == 2 then error("cannot map") end
              return v
            end):subscribe(function(v) log("value", v) end)
            s:subscribe(function(v) log("other", v) end)
            s:send(1) s:send(2) s:send(3)
            signal.fail("nobody listens"):subscribe(function() end)
            """)
        #expect(lines == ["value 1", "other 1", "other 2", "other 3"])
        let reports = lua.reported()
        #expect(reports.count == 2)
        #expect(reports.first?.hasPrefix("test.lua:3: cannot map") == true)
        #expect(reports.last?.hasPrefix("test.lua:8: unhandled signal error: nobody listens") == true)
    }

    @Test func errorsInCompletionAndErrorHandlersAreReported() async throws {
        let lua = try await SignalHarness()
        try await lua.run("""
            signal.of(1):subscribe(nil, nil, function() error("in completed") end)
            signal.fail("x"):subscribe(nil, function() error("in error handler") end)
            """)
        let reports = lua.reported()
        #expect(reports.count == 2)
        #expect(reports.first?.hasPrefix("test.lua:1: in completed") == true)
        #expect(reports.last?.hasPrefix("test.lua:2: in error handler") == true)
    }

    @Test func disposingASubscriptionReleasesItsLuaFunctions() async throws {
        let lua = try await SignalHarness()
        // Loads the helpers and makes the state's one-off pipeline object (the skip marker).
        try await lua.run("s = signal.subject() signal.bind({}, 'k', signal.empty()) s:map(print):subscribe(print):dispose()")
        let before = try await lua.liveReferences()
        try await lua.run("""
            d = s:map(function(v) return v end):filter(function() return true end)
              :subscribe(function() end, function() end, function() end)
            """)
        // The fused step (holding map, filter and next as upvalues), its probe, its entry in the
        // subject's lane, error and completed.
        #expect(try await lua.liveReferences() == before + 5)
        try await lua.run("d:dispose()")
        #expect(try await lua.liveReferences() == before)
        try await lua.run("""
            local c = s:take(1):subscribe(function() end)
            s:send(1)
            """)
        #expect(try await lua.liveReferences() == before)
        try await lua.run("""
            life = signal.lifetime()
            s:subscribe(function() end):disposeWith(life)
            signal.bind({}, "k", s):disposeWith(life)
            """)
        #expect(try await lua.liveReferences() > before)
        try await lua.run("life:dispose()")
        #expect(try await lua.liveReferences() == before)
    }
}
