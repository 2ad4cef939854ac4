import LunarBridge
import LunarHeadlessHost
import LunarIntercept
import LunarRuntime
import Testing
import LunarTestSupport

@Suite struct CallInterceptionTests {
    let bundle: Bundle

    init() throws {
        bundle = try Bundle(files: ["screens/home.lua": markingScreen("home")])
    }

    @Test func hooksSeeArgumentsResultsAndErrorsEvenThroughCapturedLocals() async throws {
        defer { bundle.remove() }
        let runtime = try await bundle.runtime()
        let r = try await runtime.lua("""
        local calc = require("native.calc")
        local add, fail = calc.add, calc.fail        -- captured before any hook
        local intercept = require("lunar.intercept")
        local seen = {}
        intercept.call("native.calc", "add", "before", function(a, b) seen[#seen + 1] = "before " .. a .. "," .. b end)
        intercept.call("native.calc", "add", "after", function(ok, r) seen[#seen + 1] = "after " .. tostring(ok) .. " " .. r end)
        intercept.call("native.calc", "fail", "after", function(ok, err) seen[#seen + 1] = "fail " .. tostring(ok) .. " " .. err end)
        intercept.call("native.calc", "pair", "after", function(...) seen[#seen + 1] = "pair " .. select("#", ...) .. " " .. table.concat({ tostring(select(1, ...)), select(2, ...) }, ",") end)
        local sum = add(2, 3)
        local ok, err = pcall(function() return fail() end)
        local one, two = calc.pair()
        return table.concat(seen, "|"), sum, ok, err, one, two
        """)
        #expect(r[0] == "before 2,3|after true 5|fail false nope|pair 3 true,1,two")
        #expect(r[1] == 5)
        #expect(r[2] == false)
        #expect(r[3] == "test:10: nope")  // still raised at the caller's line
        #expect(r[4] == 1 && r[5] == "two")
    }

    @Test func beforeHooksChangeTableArgumentsInPlace() async throws {
        defer { bundle.remove() }
        let runtime = try await bundle.runtime()
        let r = try await runtime.lua("""
        local calc = require("native.calc")
        require("lunar.intercept").call("native.calc", "getN", "before", function(t) t.n = 42 end)
        local t = { n = 1 }
        return calc.getN(t), t.n
        """)
        #expect(r == [42, 42])
    }

    @Test func insteadReplacesTheCallWithOrWithoutProceed() async throws {
        defer { bundle.remove() }
        let runtime = try await bundle.runtime()
        let r = try await runtime.lua("""
        local calc = require("native.calc")
        local intercept = require("lunar.intercept")
        local scaled = intercept.call("native.calc", "add", "instead", function(proceed, a, b) return proceed(a * 10, b) end)
        local results = { calc.add(2, 3) }
        scaled:remove()
        results[#results + 1] = calc.add(2, 3)
        local replaced = intercept.call("native.calc", "add", "instead", function() return "replaced", "twice" end)
        local a, b = calc.add(2, 3)
        results[#results + 1] = a .. "+" .. b
        replaced:remove()
        local kept
        intercept.call("native.calc", "add", "instead", function(proceed, ...) kept = proceed; return proceed(...) end, { once = true })
        results[#results + 1] = calc.add(1, 1)
        local ok, err = pcall(kept, 1, 2)
        results[#results + 1] = err
        local badOk, badErr = pcall(function()
          local token = intercept.call("native.calc", "add", "instead", function(proceed) return proceed("x") end)
          local ok2, e2 = pcall(calc.add, 1, 2)
          token:remove()
          error(e2, 0)
        end)
        results[#results + 1] = badErr
        return table.unpack(results)
        """)
        #expect(r.count == 6)
        #expect(r[0] == 23)
        #expect(r[1] == 5)
        #expect(r[2] == "replaced+twice")
        #expect(r[3] == 2)
        #expect(r[4].stringValue?.hasSuffix("proceed called after the intercepted call returned") == true, "\(r[4])")
        // An argument error inside proceed still names the intercepted function.
        #expect(r[5].stringValue?.contains("bad argument #1 to 'calc.add' (number expected, got string)") == true, "\(r[5])")
    }

    @Test func tokensRemoveOnceAndOnceHooksRunOnce() async throws {
        defer { bundle.remove() }
        let runtime = try await bundle.runtime()
        let r = try await runtime.lua("""
        local calc = require("native.calc")
        local intercept = require("lunar.intercept")
        local count, onceCount = 0, 0
        local token = intercept.call("native.calc", "add", "after", function() count = count + 1 end)
        local once = intercept.call("native.calc", "add", "before", function() onceCount = onceCount + 1 end, { once = true })
        calc.add(1, 1); calc.add(1, 1)
        local first, second = token:remove(), token:remove()
        calc.add(1, 1)
        return count, onceCount, first, second, once:remove()
        """)
        #expect(r == [2, 1, true, false, false])
    }

    @Test func hookErrorsAreReportedWithFileAndLineAndTheCallGoesOn() async throws {
        defer { bundle.remove() }
        try bundle.write("hooks.lua", """
        local intercept = require("lunar.intercept")
        intercept.call("native.calc", "add", "before", function() error("before broke") end)
        intercept.call("native.calc", "add", "instead", function(proceed, a, b) local r = proceed(a, b); error("instead broke") end)
        intercept.call("native.calc", "add", "after", function() local t = nil; return t.x end)
        return true
        """)
        let errors = SharedLog<String>()
        let runtime = try await bundle.runtime(errors: errors)
        _ = errors.take()
        let r = try await runtime.lua("require('hooks'); return require('native.calc').add(20, 1)")
        #expect(r == [21])  // the instead hook proceeded, then failed: the call keeps proceed's result
        let reports = errors.take()
        #expect(reports.count == 3, "\(reports)")
        #expect(reports[0].hasPrefix("hooks.lua:2: before broke"))
        #expect(reports[1].hasPrefix("hooks.lua:3: instead broke"))
        #expect(reports[2].hasPrefix("hooks.lua:4: attempt to index a nil value (local 't')"))
        #expect(reports.allSatisfy { $0.contains("stack traceback:") })
    }

    /// Only plain script after-hooks: the bridge runs them itself (no Swift
    /// interceptor on the path); the rules are the same as on the Swift path.
    @Test func plainScriptAfterHooksKeepTheRules() async throws {
        defer { bundle.remove() }
        try bundle.write("after.lua", """
        local intercept = require("lunar.intercept")
        local calc = require("native.calc")
        local seen = {}
        intercept.call("native.calc", "add", "after", function(ok, r) error("first broke " .. r) end)
        intercept.call("native.calc", "add", "after", function(ok, r)
          seen[#seen + 1] = "second " .. tostring(ok) .. " " .. r
          if r == 3 then
            -- added during a call: applies from the next call
            intercept.call("native.calc", "add", "after", function(_, r2) seen[#seen + 1] = "third " .. r2 end)
          end
        end)
        intercept.call("native.calc", "fail", "after", function(ok, e) seen[#seen + 1] = "fail " .. tostring(ok) .. " " .. e end)
        -- a lone hook (kept as itself, not in an array) that sees every result and fails
        intercept.call("native.calc", "pair", "after", function(ok, n, s) seen[#seen + 1] = "pair " .. n .. s; error("lone") end)
        local a = calc.add(1, 2)
        local b = calc.add(2, 2)
        local ok, err = pcall(function() local v = calc.fail(); return v end)
        local p1, p2 = calc.pair()
        return function() return a, b, table.concat(seen, "|"), ok, err, p1, p2 end
        """)
        let errors = SharedLog<String>()
        let runtime = try await bundle.runtime(errors: errors)
        _ = errors.take()
        let r = try await runtime.lua("return require('after')()")
        #expect(r[0] == 3 && r[1] == 4, "\(r)")
        #expect(r[2] == "second true 3|second true 4|third 4|fail false nope|pair 1two")
        #expect(r[3] == false && r[4] == "after.lua:17: nope", "\(r)")  // raised at the caller's line, after the hooks
        #expect(r[5] == 1 && r[6] == "two", "\(r)")
        let reports = errors.take()
        #expect(reports.count == 3, "\(reports)")
        #expect(reports.prefix(2).allSatisfy { $0.hasPrefix("after.lua:4: first broke") && $0.contains("stack traceback:") }, "\(reports)")
        #expect(reports.last?.hasPrefix("after.lua:14: lone") == true && reports.last?.contains("stack traceback:") == true, "\(reports)")
    }

    @Test func orderMatrixAcrossSwiftAndLua() async throws {
        defer { bundle.remove() }
        let marks = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks)
        func lua(_ name: String) async throws {
            _ = try await runtime.lua("""
            local probe = require("native.probe")
            local intercept = require("lunar.intercept")
            intercept.call("native.calc", "add", "after", function(ok, r) probe.mark("a\(name)=" .. r) end)
            intercept.call("native.calc", "add", "instead", function(proceed, a, b)
              probe.mark("i\(name)>"); local r = proceed(a, b); probe.mark("<i\(name)"); return r + 1
            end)
            intercept.call("native.calc", "add", "before", function(a, b) probe.mark("b\(name)") end)
            """)
        }
        func swift(_ name: String) async throws {
            try await runtime.withInterceptors { intercept in
                try intercept.call("native.calc", "add", .after { call, outcome in
                    marks.append("a\(name)=\(call.results(of: try outcome.get())[0])")
                })
                try intercept.call("native.calc", "add", .instead { call, proceed in
                    marks.append("i\(name)>")
                    let output = try proceed(call)
                    let value = call.results(of: output)[0].intValue!
                    marks.append("<i\(name)")
                    return call.returning([.integer(value + 1)])
                })
                try intercept.call("native.calc", "add", .before { call in marks.append("b\(name) \(call.arguments)") })
            }
        }
        _ = marks.take()
        try await lua("L1")
        try await swift("S1")
        try await lua("L2")
        try await swift("S2")
        let r = try await runtime.lua("return require('native.calc').add(2, 3)")
        #expect(r == [9])
        #expect(marks.all == [
            "bS1 [2, 3]", "bS2 [2, 3]", "bL1", "bL2",
            "iS1>", "iS2>", "iL1>", "iL2>", "<iL2", "<iL1", "<iS2", "<iS1",
            "aS1=9", "aS2=9", "aL1=9", "aL2=9",
        ])
    }

    @Test func functionsAreFoundByRequireNameIncludingReExports() async throws {
        defer { bundle.remove() }
        let runtime = try await bundle.runtime()
        // lunar.ui is written in Lua; ui.toast is the native lunar.ui.native.toast.
        let r = try await runtime.lua("""
        local ui = require("lunar.ui")
        local intercept = require("lunar.intercept")
        local toasts = {}
        intercept.call("lunar.ui", "toast", "instead", function(proceed, text) toasts[#toasts + 1] = text end)
        ui.toast("hello")
        local results = { toasts[1] }
        for _, args in ipairs({
          { "lunar.ui", "Text", "after" },
          { "lunar.nowhere", "x", "after" },
          { "native.calc", "nothing", "after" },
          { "native.calc", "add", "during" },
        }) do
          local ok, err = pcall(intercept.call, args[1], args[2], args[3], function() end)
          results[#results + 1] = err
        end
        local ok, err = pcall(intercept.call, "native.calc", "add", "after", function() end, { when = function() end })
        results[#results + 1] = err
        return table.unpack(results)
        """)
        #expect(r[0] == "hello")
        #expect(r[1].stringValue?.contains("cannot intercept 'lunar.ui.Text': it is a Lua function") == true, "\(r[1])")
        #expect(r[2].stringValue?.contains("cannot intercept 'lunar.nowhere.x'") == true, "\(r[2])")
        #expect(r[3].stringValue?.contains("module 'native.calc' has no function 'nothing'") == true, "\(r[3])")
        #expect(r[4].stringValue?.contains("bad argument #3 to 'intercept.call' (unknown position 'during' (expected 'before', 'instead', 'after'))") == true, "\(r[4])")
        #expect(r[5].stringValue?.contains("field 'when' is for screen and view-model hooks") == true, "\(r[5])")
        #expect(await runtime.snapshot().contains("hello") == false)  // the toast never reached the renderer
    }

    @Test func asyncFunctionsAwaitedOrWithACallback() async throws {
        defer { bundle.remove() }
        let marks = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks)
        _ = try await runtime.lua("""
        local calc = require("native.calc")
        local probe = require("native.probe")
        local intercept = require("lunar.intercept")
        intercept.call("native.calc", "later", "before", function(x) probe.mark("before " .. x) end)
        intercept.call("native.calc", "later", "after", function(ok, ...) probe.mark("after " .. tostring(ok) .. " " .. select("#", ...)) end)
        require("lunar").async(function() probe.mark("awaited " .. calc.later(3)) end)
        calc.later(4, function(r) probe.mark("callback " .. r) end)
        """)
        await runtime.waitUntilIdle()
        let all = marks.all.filter { !$0.hasPrefix("home.") }
        #expect(all.prefix(4) == ["before 3", "after true 0", "before 4", "after true 0"], "\(all)")
        #expect(Set(all.dropFirst(4)) == ["awaited 6", "callback 8"], "\(all)")
    }

    @Test func swiftFaceRejectsUnknownFunctions() async throws {
        defer { bundle.remove() }
        let runtime = try await bundle.runtime()
        let message = await runtime.withInterceptors { intercept -> String in
            do {
                try intercept.call("native.calc", "nope", .before { _ in })
                return "registered"
            } catch {
                return "\(error)"
            }
        }
        #expect(message == "cannot intercept 'native.calc.nope': module 'native.calc' has no function 'nope'")
    }
}
