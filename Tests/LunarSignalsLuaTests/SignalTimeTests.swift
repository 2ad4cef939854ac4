import LunarBridge
import Testing

@Suite struct SignalTimeTests {
    @Test func delayWaitsOnTheVirtualClock() async throws {
        let lua = try await SignalHarness()
        try await lua.run("""
            signal.of(1, 2):delay(1):subscribe(function(v) log(v) end, nil, function() log("done") end)
            """)
        await lua.advance(by: 0.9)
        #expect(try await lua.logged().isEmpty)
        await lua.advance(by: 0.1)
        #expect(try await lua.logged() == ["1", "2", "done"])
    }

    @Test func debounceSendsAfterQuietAndThrottleLimitsTheRate() async throws {
        let lua = try await SignalHarness()
        try await lua.run("""
            keys = signal.subject()
            keys:debounce(0.3):subscribe(function(v) log("debounced", v) end)
            keys:throttle(1):subscribe(function(v) log("throttled", v) end)
            keys:send("l") keys:send("lu")
            """)
        #expect(try await lua.logged() == ["throttled l"])
        await lua.advance(by: 0.2)
        try await lua.run("keys:send('lua')")
        await lua.advance(by: 0.3)
        #expect(try await lua.logged() == ["debounced lua"])
        await lua.advance(by: 0.5)
        #expect(try await lua.logged() == ["throttled lua"])
    }

    @Test func timeoutFailsWithATimeoutErrorTable() async throws {
        let lua = try await SignalHarness()
        try await lua.run("""
            signal.never():timeout(2):subscribe(nil, function(e) log(e.kind, e.seconds, e.message) end)
            signal.of(1):timeout(2):subscribe(function(v) log("in time", v) end)
            """)
        #expect(try await lua.logged() == ["in time 1"])
        await lua.advance(by: 2)
        #expect(try await lua.logged() == ["timeout 2.0 signal timed out after 2.0 seconds"])
    }

    @Test func chainedTimersRunWithinOneAdvance() async throws {
        let lua = try await SignalHarness()
        try await lua.run("""
            signal.interval(1):take(3):delay(0.5):subscribe(function(v) log(v) end, nil, function() log("done") end)
            """)
        await lua.advance(by: 3.5)
        #expect(try await lua.logged() == ["1", "2", "3", "done"])
    }

    @Test func cancelledTimersLeaveTheExecutorIdle() async throws {
        let lua = try await SignalHarness()
        try await lua.run("""
            local d = signal.never():timeout(100):subscribe(nil, function() log("late") end)
            d:dispose()
            """)
        await lua.engine.waitUntilIdle()
        #expect(lua.engine.executor.nextDeadline == nil)
    }
}
