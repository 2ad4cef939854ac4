import Foundation
import LunarBridge
import LunarNetworkLua
import LunarRuntime
import LunarTestSupport
import Testing

/// The fault catalogue, part 6: leaks. Long runs of the same work must leave Lua's memory flat
/// and the registry references Swift holds exactly where they were. (10,000 screen push/pop
/// cycles: `ScreenResourceTests.tenThousandPushPopCyclesLeakNothing` in LunarRuntimeTests.)
@Suite struct LeakCatalogue {
    /// Lua memory may move by this much between two measurements (collector pacing, interned strings).
    static let memorySlack = 256 * 1024

    @Test func tenThousandRequestsLeakNothing() async throws {
        let server = try LoopbackServer { request in
            request.path == "/fail" ? .json(#"{"error":"no"}"#, status: 500) : .json(#"{"items":[{"id":1,"name":"a"},{"id":2,"name":"b"}]}"#)
        }
        defer { server.stop() }
        let app = try await FaultApp(files: [:], apiBaseURL: server.baseURL)
        // One round: 100 requests, a tenth of them failing, each with a reformer and a callback.
        _ = try await app.lua("""
            local net = require("lunar.net")
            answered, failed = 0, 0
            function round()
              for i = 1, 100 do
                local req = net.request { path = i % 10 == 0 and "/fail" or "/items",
                  reformer = function(json) return #json.items end }
                net.send(req, function(count, err)
                  if err then failed = failed + 1 else answered = answered + count end
                end)
              end
            end
            """, name: "@requests.lua")
        func round() async throws {
            _ = try await app.lua("round()")
            #expect(await app.runtime.wait(timeout: 30), "requests did not finish")
        }
        try await round()
        let before = try await app.resources()
        for _ in 0..<99 { try await round() }
        let after = try await app.resources()
        #expect(try await app.lua("return answered, failed") == [.integer(2 * 9_000), .integer(1_000)])
        #expect(after.references == before.references, "registry references leaked: \(before.references) → \(after.references)")
        #expect(after.memory < before.memory + Self.memorySlack, "Lua memory grew: \(before.memory) → \(after.memory)")
        #expect(await app.runtime.withHost { _, state in state[extension: ScriptNetwork.self]?.runningCount } == 0)
    }

    /// Screens that tie a request signal, a subscription, an interval and a timer to their
    /// lifetime, opened and closed 1,000 times.
    @Test func screensWithTiedWorkLeakNothing() async throws {
        let server = try LoopbackServer { _ in .never }
        defer { server.stop() }
        let app = try await FaultApp(files: [
            "screens/busy.lua": """
            local ui = require("lunar.ui")
            local net = require("lunar.net")
            local signal = require("lunar.signal")
            local timer = require("lunar.timer")
            local screen = { title = "Busy" }
            function screen:load()
              self.lifetime:add(net.signal(net.request { path = "/feed" }):subscribe(function() end))
              signal.interval(1):takeUntil(self.lifetime):subscribe(function(n) self.n = n end)
              self.tick = timer.every(1, function() end)
            end
            function screen:unload() self.tick:cancel() end
            function screen:render()
              return ui.Button { title = "Close", onPress = function() require("lunar.navigator").pop() end }
            end
            return screen
            """,
        ], apiBaseURL: server.baseURL)
        func cycle() async throws {
            try await app.run(.open("/navPush/busy"), .tap("Close"))
        }
        try await cycle()
        #expect(await app.runtime.wait(timeout: 10))
        let before = try await app.resources()
        for _ in 0..<1_000 { try await cycle() }
        #expect(await app.runtime.wait(timeout: 10), "a closed screen's request is still running")
        let after = try await app.resources()
        #expect(after.references == before.references, "registry references leaked: \(before.references) → \(after.references)")
        #expect(after.memory < before.memory + Self.memorySlack, "Lua memory grew: \(before.memory) → \(after.memory)")
        #expect(app.runtime.executor.nextDeadline == nil, "a timer of a closed screen is still pending")
    }

    /// Faults themselves leak nothing: 1,000 script errors and 100 budget stops in handlers.
    @Test func faultsLeakNothing() async throws {
        let app = try await FaultApp(files: [
            "screens/victim.lua": FaultPlace.victim(onPress: #"if LOOP then while true do end else error({ code = 7 }) end"#),
        ])
        try await app.run(.open("/navPush/victim"), .tap("Fire"))
        let before = try await app.resources()
        for _ in 0..<1_000 { try await app.run(.tap("Fire")) }
        _ = try await app.lua("LOOP = true")
        for _ in 0..<100 { try await app.run(.tap("Fire")) }
        _ = try await app.lua("LOOP = nil")
        let after = try await app.resources()
        #expect(app.reported.count >= 1_101)
        #expect(after.references == before.references, "registry references leaked: \(before.references) → \(after.references)")
        #expect(after.memory < before.memory + Self.memorySlack, "Lua memory grew: \(before.memory) → \(after.memory)")
    }
}
