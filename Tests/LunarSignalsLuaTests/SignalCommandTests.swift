import LunarBridge
import Testing

@Suite struct SignalCommandTests {
    @Test func executeRunsAndReportsExecutingValuesAndErrors() async throws {
        let lua = try await SignalHarness()
        try await lua.run("""
            reply = signal.subject()
            login = signal.command{ run = function(input) log("run", input) return reply end }
            login.executing:subscribe(function(v) log("executing", v) end)
            login.enabled:subscribe(function(v) log("enabled", v) end)
            login.values:subscribe(function(v) log("value", v) end)
            login.errors:subscribe(function(e) log("error", e) end)
            login:execute("ann"):subscribe(function(v) log("run value", v) end, nil, function() log("run done") end)
            log("get", login.executing:get(), login.enabled:get())
            login:execute("again"):subscribe(nil, function(e) log("refused", e.kind, e.message) end)
            reply:send("token")
            reply:complete()
            """)
        #expect(try await lua.logged() == [
            "executing false", "enabled true", "run ann", "executing true", "enabled false",
            "get true false", "refused disabled command is disabled",
            "value token", "run value token", "executing false", "enabled true", "run done",
        ])
        try await lua.run("""
            login = signal.command{ run = function() return signal.fail("wrong password") end }
            login.errors:subscribe(function(e) log("error", e) end)
            login:execute():subscribe(nil, function(e) log("run failed", e) end)
            login = signal.command{ run = function() return 5 end }
            login.errors:subscribe(function(e) log("error", e) end)
            login:execute()
            """)
        #expect(try await lua.logged() == [
            "error wrong password", "run failed wrong password",
            "error the command's run function result must be a signal, got number",
        ])
    }

    /// A button's command whose run fails: nobody subscribed to `errors` or to the run, so the
    /// error is reported with its place instead of vanishing.
    @Test func aFailedRunNobodySeesIsReported() async throws {
        let lua = try await SignalHarness()
        try await lua.run("""
            broken = signal.command{ run = function() error("run broke") end }
            broken:execute()
            """)
        try await lua.run("")  // the turn after the failure
        let reports = lua.reported()
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("test.lua:1: run broke") == true)

        try await lua.run("""
            broken.errors:take(1):subscribe(function(e) log("errors saw it once") end)
            broken:execute()
            broken.errors:subscribe(function(e) log("errors saw it") end)
            broken:execute()
            other = signal.command{ run = function() return signal.fail("no") end }
            other:execute():subscribe({ error = function(e) log("the run saw", e) end })
            local late = other:execute()
            late:subscribe({ error = function(e) log("a late subscriber saw", e) end })
            other = signal.command{ enabled = signal.of(false), run = function() return signal.empty() end }
            other:execute()
            """)
        try await lua.run("")
        #expect(try await lua.logged() == ["errors saw it once", "errors saw it", "the run saw no", "a late subscriber saw no"])
        #expect(lua.reported().isEmpty)
    }

    @Test func enabledSignalAndConcurrency() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local valid = signal.value(false)
            local runs = 0
            local c = signal.command{ enabled = valid, run = function() runs = runs + 1 return signal.never() end }
            log(c.enabled:get(), c.concurrent)
            c:execute()
            valid:set(true)
            c:execute() c:execute()
            log(runs, c.enabled:get())
            local both = signal.command{ concurrent = true, run = function() runs = runs + 1 return signal.never() end }
            both:execute() both:execute()
            log(runs, both.enabled:get(), both.executing:get())
            """)
        #expect(lines == ["false false", "1 false", "3 true true"])
    }

    @Test func uiButtonContract() async throws {
        let lua = try await SignalHarness()
        let lines = try await lua.log("""
            local c = signal.command{ run = function(input) return signal.of(input * 2) end }
            c.values:subscribe(function(v) log("value", v) end)
            if c.enabled:get() then c:execute(21) end
            local ok, err = pcall(function() c.enabled:set(false) end)
            log(ok, err)
            """)
        #expect(lines == ["value 42", "false test.lua:4: this property is read-only"])
    }
}
