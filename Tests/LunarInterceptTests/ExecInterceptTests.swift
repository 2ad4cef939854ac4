import Foundation
import Testing

@Suite struct ExecInterceptTests {
    @Test func scriptsInterceptModuleCallsUnderLunarExec() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-intercept-exec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("main.lua")
        try """
        local intercept = require("lunar.intercept")
        local log = require("lunar.log")
        local info = log.info
        local token = intercept.call("lunar.log", "info", "instead", function(proceed, message) print("intercepted: " .. message) end)
        info("hello")
        print(token:remove(), token:remove())
        intercept.call("lunar.timer", "after", "before", function(seconds) print("timer in " .. seconds) end)
        require("lunar.timer").after(0, function() print("fired") end)
        intercept.call("lunar.log", "debug", "after", function(ok) error("hook failed, ok=" .. tostring(ok)) end)
        log.debug("quiet")
        print("went on")
        """.write(to: script, atomically: true, encoding: .utf8)
        let r = try LunarProcess.run(["exec", script.path])
        #expect(r.out == "intercepted: hello\ntrue\tfalse\ntimer in 0\nwent on\nfired\n", "\(r.out)\n\(r.err)")
        #expect(r.err.contains("main.lua:9: hook failed, ok=true"), "\(r.err)")
        #expect(r.status == 1)  // an error in a hook is an uncaught error for lunar exec
    }
}
