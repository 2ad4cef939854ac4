import LunarBridge
import Testing

@Suite struct SignalConstructorTests {
    @Test func ofSendsEachValueThenCompletesPerSubscription() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.of(1, "two", nil, 4)
            s:subscribe(function(v) log("a", v) end, nil, function() log("a done") end)
            s:subscribe{ next = function(v) log("b", v) end, completed = function() log("b done") end }
            """)
        #expect(lines == ["a 1", "a two", "a nil", "a 4", "a done", "b 1", "b two", "b nil", "b 4", "b done"])
    }

    @Test func emptyNeverAndFail() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            signal.empty():subscribe(function() log("value") end, nil, function() log("empty done") end)
            signal.never():subscribe(function() log("value") end, function() log("error") end, function() log("never done") end)
            signal.fail({ code = 7 }):subscribe{ error = function(e) log("failed", e.code) end }
            """)
        #expect(lines == ["empty done", "failed 7"])
        #expect(lua.reported().isEmpty)
    }

    @Test func tablesTravelByIdentity() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local t = setmetatable({}, { __index = { kind = "point" } })
            local s = signal.subject()
            s:map(function(v) return v end):subscribe(function(v) log(v == t, v.kind) end)
            s:send(t)
            """)
        #expect(lines == ["true point"])
    }

    @Test func propertySendsItsCurrentValueThenChanges() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local p = signal.value("a")
            p:subscribe(function(v) log("sub", v) end)
            p:changes():subscribe(function(v) log("change", v) end)
            p:set("b")
            log("get", p:get(), tostring(p):match("^Property"))
            """)
        #expect(lines == ["sub a", "sub b", "change b", "get b Property"])
    }

    @Test func subjectReachesOnlyCurrentSubscribersAndReplaysItsEnd() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            s:send(0)
            s:subscribe(function(v) log("early", v) end, nil, function() log("early done") end)
            s:send(1)
            s:complete()
            s:send(2)
            s:subscribe(function(v) log("late", v) end, nil, function() log("late done") end)
            """)
        #expect(lines == ["early 1", "early done", "late done"])
    }

    @Test func replaySubjectReplaysItsLastValues() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local r = signal.replay(2)
            r:send(1) r:send(2) r:send(3)
            r:subscribe(function(v) log("late", v) end, function(e) log("error", e) end)
            r:fail("bad")
            r:subscribe(function(v) log("after", v) end, function(e) log("after error", e) end)
            """)
        #expect(lines == ["late 2", "late 3", "error bad", "after 2", "after 3", "after error bad"])
    }

    @Test func createRunsPerSubscriptionAndCleansUpOnDispose() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local starts = 0
            local s = signal.create(function(observer)
              starts = starts + 1
              observer:send(starts)
              return function() log("cleanup", starts) end
            end)
            local d = s:subscribe(function(v) log("value", v) end)
            log("disposed?", d.disposed)
            d:dispose()
            d:dispose()
            log("disposed?", d.disposed)
            signal.create(function(o) o:send("x") o:complete() log("after complete", o.disposed) end)
              :subscribe(function(v) log("value", v) end, nil, function() log("done") end)
            """)
        #expect(lines == ["value 1", "disposed? false", "cleanup 1", "disposed? true", "value x", "done", "after complete true"])
    }

    @Test func createFunctionErrorsFailTheSubscription() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            signal.create(function(o) o:send(1) error("no producer") end)
              :subscribe(function(v) log("value", v) end, function(e) log("error", e) end)
            signal.create(function() return 42 end):subscribe(nil, function(e) log("bad result", e) end)
            """)
        #expect(lines == ["value 1", "error test.lua:1: no producer", "bad result bad result (cleanup function, disposable or nil expected, got number)"])
    }

    @Test func deferBuildsTheSignalPerSubscription() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local n = 0
            local s = signal.defer(function() n = n + 1 return signal.of(n) end)
            s:subscribe(function(v) log(v) end)
            s:subscribe(function(v) log(v) end)
            """)
        #expect(lines == ["1", "2"])
    }

    @Test func mergeCombineLatestZipAndConcatTakeListsOrArguments() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local a, b = signal.subject(), signal.subject()
            signal.merge(a, b):subscribe(function(v) log("merge", v) end)
            signal.combineLatest({ a, b }):subscribe(function(t) log("latest", t[1], t[2]) end)
            signal.zip(a, b):subscribe(function(t) log("zip", t[1], t[2]) end, nil, function() log("zip done") end)
            a:send(1) a:send(2) b:send("x") b:send("y")
            a:complete()
            signal.concat(signal.of(1, 2), signal.of(3)):collect():subscribe(function(t) log("concat", table.concat(t, ",")) end)
            """)
        #expect(lines == [
            "merge 1", "merge 2", "merge x", "latest 2 x", "zip 1 x", "merge y", "latest 2 y", "zip 2 y", "zip done",
            "concat 1,2,3",
        ])
    }

    @Test func badArgumentsReadLikeLuasOwn() async throws {
        let lua = try await SignalHarness()
        let cases: [(String, String)] = [
            ("signal.merge(signal.of(1), 5)", "bad argument #1 to 'signal.merge' (signal expected, got number)"),
            ("signal.of(1):takeUntil({})", "bad argument #1 to 'Signal:takeUntil' (signal or lifetime expected, got table)"),
            ("signal.of(1):map(3)", "bad argument #1 to 'Signal:map' (function expected, got number)"),
            ("signal.of(1):delay(-1)", "bad argument #1 to 'Signal:delay' (seconds must be a number between 0 and 31536000 (a year), got -1)"),
            ("signal.command{}", "bad argument #1 to 'signal.command' (field 'run': function expected, got nil)"),
            ("signal.of(1):subscribe(5)", "bad argument #1 to 'Signal:subscribe' (function or table expected, got number)"),
            ("signal.lifetime():add(5)", "bad argument #1 to 'Lifetime:add' (disposable, lifetime or function expected, got number)"),
        ]
        for (code, message) in cases {
            await #expect(throws: LuaScriptError.self) { try await lua.run(code) }
            do { try await lua.run(code) } catch let error as LuaScriptError {
                #expect(error.message == "test.lua:1: " + message, "\(code)")
            }
        }
    }

    @Test func intervalCountsTicksOnTheVirtualClock() async throws {
        let lua = try await SignalHarness()
        try await lua.run("""
            d = signal.interval(0.5):subscribe(function(n) log("tick", n) end)
            """)
        #expect(try await lua.logged().isEmpty)
        await lua.advance(by: 0.5)
        #expect(try await lua.logged() == ["tick 1"])
        await lua.advance(by: 1.0)
        #expect(try await lua.logged() == ["tick 2", "tick 3"])
        try await lua.run("d:dispose()")
        await lua.advance(by: 5)
        #expect(try await lua.logged().isEmpty)
        #expect(lua.engine.executor.isIdle)
    }
}
