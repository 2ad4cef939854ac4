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
        try await lua.run("s = signal.subject() signal.bind({}, 'k', signal.empty())")  // loads the helpers
        let before = try await lua.liveReferences()
        try await lua.run("""
            d = s:map(function(v) return v end):filter(function() return true end)
              :subscribe(function() end, function() end, function() end)
            """)
        #expect(try await lua.liveReferences() >= before + 5)
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
