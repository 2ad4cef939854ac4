import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import Testing

/// Requests started by a screen, in a running bundle: the manifest's API base URL applies, and a
/// request tied to the screen's lifetime is cancelled when the screen closes.
@Suite struct ScreenRequestTests {
    @Test func closingAScreenCancelsItsTiedRequests() async throws {
        let server = try LoopbackServer { request in request.path == "/login" ? .json(#"{"token":"t-42"}"#) : .never }
        defer { server.stop() }
        let root = temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try """
            {"name": "demo", "version": "1.0.0", "entry": "/home",
             "routes": {"/home": "screens.home", "/detail": "screens.detail"},
             "api": {"baseURL": "\(server.baseURL)"}}
            """.write(to: root.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        try """
            local ui = require("lunar.ui")
            return { render = function() return ui.Text "home" end }
            """.write(to: root.appendingPathComponent("screens/home.lua"), atomically: true, encoding: .utf8)
        try """
            local ui = require("lunar.ui")
            local net = require("lunar.net")
            local screen = {}
            function screen:load()
              -- A minimal lifetime owner; the runtime disposes self.lifetime when the screen closes.
              self.lifetime = { items = {} }
              function self.lifetime:add(d) self.items[#self.items + 1] = d end
              function self.lifetime:dispose() for _, d in ipairs(self.items) do d:dispose() end end
              net.send(net.request{ path = "/feed" }:tie(self.lifetime), function(r, e) print("feed", e.kind) end)
              net.send(net.request{ path = "/login" }, function(r, e) print("login", r.token) end)
            end
            function screen:render() return ui.Text "detail" end
            return screen
            """.write(to: root.appendingPathComponent("screens/detail.lua"), atomically: true, encoding: .utf8)

        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: root), options: RuntimeOptions(storageDirectory: root))
        let log = SharedLog<String>()
        await runtime.withHost { _, state in state.output = { log.append($0) } }
        _ = try await runtime.startHeadless()
        #expect(await runtime.open("/navPush/detail"))
        await runtime.withHost { host, _ in _ = host.back() }
        #expect(await runtime.wait(timeout: 5))
        #expect(log.text.split(separator: "\n").sorted() == ["feed\tcancelled", "login\tt-42"])
        #expect(server.hits("/feed") <= 1)
    }
}
