import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// `ui.Image` with a URL or bundle file: loaded through the network layer with its caches,
/// against a real server on 127.0.0.1; the renderer gets `loadState`, the script onLoad/onError.
@Suite struct ImageScriptTests {
    static func screen(_ base: URL) -> String {
        """
        local ui = require("lunar.ui")
        local screen = { title = "Images" }
        function screen:load() self.events = {}; self.second = false end
        function screen:render()
          local events = self.events
          local function note(name)
            return function(e) events[#events + 1] = name .. ":" .. tostring(e.cache or e.status) end
          end
          local items = {
            ui.Image { id = "a", alt = "Logo", source = "\(base)/logo.png", resizeMode = "contain",
                       onLoad = note("a"), onError = note("a-error") },
          }
          if self.second then
            items[#items + 1] = ui.Image { id = "b", alt = "Logo again", source = { uri = "\(base)/logo.png" }, onLoad = note("b") }
          end
          items[#items + 1] = ui.Image { id = "broken", alt = "Broken", source = "\(base)/missing.png",
            onError = function(e) events[#events + 1] = "broken:" .. e.status .. ":" .. e.kind end }
          items[#items + 1] = ui.Image { id = "local", alt = "Local", source = "images/dot.png", onLoad = note("local") }
          items[#items + 1] = ui.Button { title = "More", onPress = function() self.second = true end }
          items[#items + 1] = ui.Text { table.concat(events, " "), id = "events" }
          return ui.Column(items)
        end
        return screen
        """
    }

    private func imageServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            request.path == "/logo.png"
                ? .respond(status: 200, headers: ["Content-Type": "image/png"], body: Array("not really a png".utf8))
                : .text("no such image", status: 404)
        }
    }

    /// A runtime on the bundle, started; and its first screen, drawn before any load could end.
    private func runtime(_ bundle: TestBundle, _ server: LoopbackServer, cache: URL) async throws -> (LunarRuntime, String) {
        var options = RuntimeOptions(clock: .virtual)
        options.apiBaseURL = server.baseURL
        options.imageCacheDirectory = cache
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: options)
        let firstScreen = try await runtime.startHeadless()
        return (runtime, firstScreen)
    }

    @Test func loadsOnceThenFromMemoryThenFromDiskAfterARestart() async throws {
        let server = try imageServer()
        defer { server.stop() }
        let cache = try makeTemporaryDirectory("lunar-images")
        defer { try? FileManager.default.removeItem(at: cache) }
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen(server.baseURL), "images/dot.png": "dot"])
        defer { bundle.remove() }

        let (first, firstScreen) = try await runtime(bundle, server, cache: cache)
        #expect(firstScreen.contains(#"Image #a "Logo" [loading]"#))
        try await first.run(.wait)
        var snapshot = await first.snapshot()
        #expect(snapshot.contains(#"Image #a "Logo""# + "\n"))
        // A 404 shows the alt text and reports the error to the script.
        #expect(snapshot.contains(#"Image #broken "Broken" [failed]"#))
        // The two requests may end in either order.
        #expect(snapshot.contains("local:none") && snapshot.contains("a:none") && snapshot.contains("broken:404:http"))
        let props = await first.withHost { host, _ in (host.renderer as? HeadlessRenderer)?.element("a")?.props }
        #expect(props?[.loadState] == "loaded" && props?[.resizeMode] == "contain")
        let file = try #require(props?[.imageFile]?.stringValue)
        #expect(FileManager.default.contents(atPath: file) == Data("not really a png".utf8))

        // A second element with the same source: the memory cache, no request.
        try await first.run(.tap("More"), .wait)
        snapshot = await first.snapshot()
        #expect(snapshot.contains(#"Image #b "Logo again""# + "\n"))
        #expect(snapshot.contains("b:memory"))
        #expect(server.hits("/logo.png") == 1)

        // A new runtime on the same cache folder: the disk cache, still no request.
        let (second, _) = try await runtime(bundle, server, cache: cache)
        try await second.run(.wait)
        #expect(await second.snapshot().contains("a:disk"))
        #expect(server.hits("/logo.png") == 1)
    }

    @Test func aSourceOutsideTheBundleFailsWithAReason() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": """
            local ui = require("lunar.ui")
            local screen = {}
            function screen:render()
              return ui.Column {
                ui.Image { alt = "Escape", source = "../secret.png", onError = function(e) self.why = e.message end },
                ui.Text { tostring(self.why), id = "why" },
              }
            end
            return screen
            """])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        try await runtime.run(.wait)
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"Image "Escape" [failed]"#))
        #expect(snapshot.contains(#"Text #why "image source '../secret.png' must be a path inside the bundle""#))
    }
}
