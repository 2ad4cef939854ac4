import LunarBridge
import Testing

@Suite struct SignalOperatorTests {
    @Test func mapFilterScanTakeSkip() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            signal.of(1, 2, 3, 4, 5, 6)
              :map(function(v) return v * 10 end)
              :filter(function(v) return v ~= 30 end)
              :skip(1)
              :scan(0, function(acc, v) return acc + v end)
              :take(3)
              :subscribe(function(v) log(v) end, nil, function() log("done") end)
            """)
        #expect(lines == ["20", "60", "110", "done"])
    }

    @Test func distinctUsesRawEqualityOrAFunction() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local t = {}
            signal.of(1, 1.0, 2, "2", "2", t, t, {}, nil, nil):distinct()
              :subscribe(function(v) log(type(v), v == t) end)
            signal.of("a", "A", "b"):distinct(function(x, y) return x:lower() == y:lower() end)
              :subscribe(function(v) log(v) end)
            """)
        #expect(lines == [
            "number false", "number false", "string false", "table true", "table false", "nil false", "a", "b",
        ])
    }

    @Test func startWithTakeUntilAndLifetimes() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s, stop = signal.subject(), signal.subject()
            s:startWith(0):takeUntil(stop):subscribe(function(v) log(v) end, nil, function() log("stopped") end)
            s:send(1) stop:send(true) s:send(2)
            local life = signal.lifetime()
            s:takeUntil(life):subscribe(function(v) log("life", v) end, nil, function() log("life over") end)
            s:send(3) life:dispose() s:send(4)
            signal.of(1):takeUntil(life):subscribe(function(v) log("never", v) end, nil, function() log("ended at once") end)
            """)
        #expect(lines == ["0", "1", "stopped", "life 3", "life over", "ended at once"])
    }

    @Test func flatMapSwitchToLatestAndFlatten() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local inner = { a = signal.subject(), b = signal.subject() }
            local outer = signal.subject()
            outer:flatMap(function(k) return inner[k] end):subscribe(function(v) log("flat", v) end)
            outer:switchMap(function(k) return inner[k] end):subscribe(function(v) log("switch", v) end)
            outer:map(function(k) return inner[k] end):switchToLatest():subscribe(function(v) log("latest", v) end)
            outer:send("a") inner.a:send(1)
            outer:send("b") inner.a:send(2) inner.b:send(3)
            signal.of(signal.of(1, 2), signal.of(3)):flatten():collect():subscribe(function(t) log("flatten", table.concat(t, ",")) end)
            signal.of(5):flatMap(function() return 5 end):subscribe(nil, function(e) log("error", e) end)
            """)
        #expect(lines == [
            "flat 1", "switch 1", "latest 1", "flat 2", "flat 3", "switch 3", "latest 3", "flatten 1,2,3",
            "error the flatMap function's result must be a signal, got number",
        ])
    }

    @Test func methodFormsOfMergeCombineLatestZipConcat() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local a = signal.of(1, 2)
            a:merge(signal.of(3)):collect():subscribe(function(t) log("merge", table.concat(t, ",")) end)
            a:concat(signal.of(3), signal.of(4)):collect():subscribe(function(t) log("concat", table.concat(t, ",")) end)
            a:zip(signal.of("x", "y", "z")):subscribe(function(t) log("zip", t[1], t[2]) end)
            local p, q = signal.value(1), signal.value("q")
            p:combineLatest(q):subscribe(function(t) log("latest", t[1], t[2]) end)
            p:set(2)
            """)
        #expect(lines == ["merge 1,2,3", "concat 1,2,3,4", "zip 1 x", "zip 2 y", "latest 1 q", "latest 2 q"])
    }

    @Test func catchRetryAndErrorsFromOperatorFunctions() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local attempts = 0
            signal.create(function(o)
              attempts = attempts + 1
              o:send(attempts)
              if attempts < 3 then o:fail("try again") else o:complete() end
            end):retry(5):subscribe(function(v) log("attempt", v) end, nil, function() log("retried") end)
            signal.of(1, 2):map(function(v)
              if v == 2 then error("cannot map 2") end
              return v
            end):catch(function(err) log("caught", err) return signal.of("fallback") end)
              :subscribe(function(v) log("value", v) end, nil, function() log("done") end)
            signal.fail("x"):retry(1):subscribe(nil, function(e) log("gave up", e) end)
            """)
        #expect(lines == [
            "attempt 1", "attempt 2", "attempt 3", "retried",
            "value 1", "caught test.lua:8: cannot map 2", "value fallback", "done", "gave up x",
        ])
        #expect(lua.reported().isEmpty)
    }

    @Test func materializeDematerializeAndSideEffects() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            signal.of(1):concat(signal.fail("bad")):materialize()
              :subscribe(function(e) log(e.kind, e.value or e.error) end, nil, function() log("materialized") end)
            signal.of(1, 2):materialize():dematerialize()
              :doNext(function(v) log("doNext", v) end)
              :doCompleted(function() log("doCompleted") end)
              :subscribe(function(v) log("value", v) end, nil, function() log("done") end)
            signal.fail("oops"):doError(function(e) log("doError", e) end):subscribe(nil, function() end)
            signal.of(1):doNext(function() error("side effect failed") end):subscribe(nil, function(e) log("error", e) end)
            """)
        #expect(lines == [
            "next 1", "error bad", "materialized",
            "doNext 1", "value 1", "doNext 2", "value 2", "doCompleted", "done",
            "doError oops", "error test.lua:8: side effect failed",
        ])
    }

    @Test func shareAndReplayConnectOnce() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local starts = 0
            local cold = signal.create(function(o) starts = starts + 1 o:send(starts) end)
            local shared = cold:replay(1)
            shared:subscribe(function(v) log("first", v) end)
            shared:subscribe(function(v) log("second", v) end)
            local s = signal.subject()
            local counted = s:doNext(function() starts = starts + 100 end):share()
            counted:subscribe(function() end) counted:subscribe(function() end)
            s:send(1)
            log("starts", starts)
            """)
        #expect(lines == ["first 1", "second 1", "starts 101"])
    }

    @Test func disposingMidStreamStopsTheSource() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local numbers = signal.subject()
            local d
            d = numbers:subscribe(function(v)
              log(v)
              if v == 2 then d:dispose() end
            end)
            for i = 1, 4 do numbers:send(i) end
            local s = signal.subject()
            local sub
            sub = s:map(function(v) return v end):subscribe(function(v) log("s", v) sub:dispose() end)
            s:send(1) s:send(2)
            """)
        #expect(lines == ["1", "2", "s 1"])
    }

    @Test func sendingFromInsideASubscriberIsDeliveredAfterTheCurrentValue() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local s = signal.subject()
            s:subscribe(function(v) log("a", v) if v == 1 then s:send(2) end end)
            s:subscribe(function(v) log("b", v) end)
            s:send(1)
            """)
        #expect(lines == ["a 1", "b 1", "a 2", "b 2"])
    }
}
