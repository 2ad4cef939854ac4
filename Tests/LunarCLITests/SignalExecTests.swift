import Foundation
import LunarTestSupport
import Testing

/// `lunar.signal` through the real `lunar exec` binary.
@Suite struct SignalExecTests {
    @Test func aViewModelScriptRunsAndWaitsForItsTimers() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            local signal = require("lunar.signal")
            local account, password = signal.value(""), signal.value("")
            local valid = account:combineLatest(password):map(function(t) return #t[1] > 0 and #t[2] >= 3 end)
            local login = signal.command{
              enabled = valid,
              run = function(input) return signal.of("token-" .. input):delay(0.05) end,
            }
            local life = signal.lifetime()
            login.executing:subscribe(function(v) print("executing", v) end):disposeWith(life)
            login.values:subscribe(function(v) print("token", v) life:dispose() end)
            print("enabled", login.enabled:get())
            account:set("ann") password:set("secret")
            print("enabled", login.enabled:get())
            login:execute("ann")
            print("main chunk done")
            """.write(to: dir.appendingPathComponent("vm.lua"), atomically: true, encoding: .utf8)
        let r = try LunarProcess.run(["exec", dir.appendingPathComponent("vm.lua").path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == """
            executing\tfalse
            enabled\tfalse
            enabled\ttrue
            executing\ttrue
            main chunk done
            token\ttoken-ann

            """)
    }

    @Test func errorsInSubscribersAreReportedWithFileAndLineAndFailTheRun() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            local signal = require("lunar.signal")
            local s = signal.subject()
            s:subscribe(function(v) if v == 2 then error("bad value " .. v) end print("got", v) end)
            for i = 1, 3 do s:send(i) end
            """.write(to: dir.appendingPathComponent("sub.lua"), atomically: true, encoding: .utf8)
        let r = try LunarProcess.run(["exec", dir.appendingPathComponent("sub.lua").path])
        #expect(r.status == 1)
        #expect(r.out == "got\t1\ngot\t3\n")
        #expect(r.err.contains("sub.lua:3: bad value 2"))
        #expect(r.err.contains("stack traceback:"))
    }
}
