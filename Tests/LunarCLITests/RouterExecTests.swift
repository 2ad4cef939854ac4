import Foundation
import LunarTestSupport
import Testing

/// `lunar.router` through the real `lunar exec` binary.
@Suite struct RouterExecTests {
    @Test func aJLRoutesStyleRouteTableRuns() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = """
            local router = require("lunar.router")
            local routes = {
              ["/navPush/:screen"] = function(params) print("push", params.screen, params.id) end,
              ["/navPresent/:screen"] = function(params) print("present", params.screen) end,
              ["/callBack/*"] = function(params, match) print("callback", table.concat(match.wildcard, ","), params.done()) end,
            }
            for pattern, handler in pairs(routes) do router.add(pattern, handler) end
            router.add("/thing", function(params, match) print("scheme", match.scheme) end, { scheme = "myapp" })
            router.scheme("myapp", { fallbackToGlobal = true })   -- myapp:// URLs may still use the global routes
            router.unmatched(function(url) print("unmatched", url) end)

            print(router.open(router.url("/navPush/:screen", { "profile" }, { id = 3 })))
            print(router.open("myapp://navPresent/settings"))
            print(router.open("/callBack/login/ok", { done = function() return "done" end }))
            print(router.open("myapp://thing"), router.open("/thing"))
            """
        try script.write(to: dir.appendingPathComponent("routes.lua"), atomically: true, encoding: .utf8)
        let r = try LunarProcess.run(["exec", dir.appendingPathComponent("routes.lua").path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == """
            push\tprofile\t3
            true
            present\tsettings
            true
            callback\tlogin,ok\tdone
            true
            scheme\tmyapp
            unmatched\t/thing
            true\tfalse

            """)
    }

    @Test func aFailingHandlerIsReportedAndTheScriptGoesOn() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = """
            local router = require("lunar.router")
            router.add("/crash/:id", function(params)
              error("cannot open item " .. params.id)
            end)
            print("opened", router.open("/crash/7"))
            print("still running", router.canOpen("/crash/8"))
            """
        try script.write(to: dir.appendingPathComponent("crash.lua"), atomically: true, encoding: .utf8)
        let r = try LunarProcess.run(["exec", dir.appendingPathComponent("crash.lua").path])
        #expect(r.out == "opened\tfalse\nstill running\ttrue\n")
        #expect(r.err.contains("crash.lua:3: cannot open item 7"), "\(r.err)")
        #expect(r.err.contains("stack traceback:"))
        #expect(r.status == 1)  // lunar exec fails when an error went uncaught
    }

    @Test func badInputFromTheCommandLine() throws {
        let r = try LunarProcess.run(["exec", "-e", """
            local router = require("lunar.router")
            router.add("/a/:v", function() end)
            print(router.open(""), router.open("/a/%zz"), router.open("/a/" .. string.rep("%", 1024 * 1024)), router.open("\\1"))
            router.add("/a/(b", function() end)
            """])
        #expect(r.out == "false\ttrue\ttrue\tfalse\n")
        #expect(r.err.contains("(command line):4: route pattern '/a/(b' has an unbalanced parenthesis"), "\(r.err)")
        #expect(r.status == 1)
    }
}
