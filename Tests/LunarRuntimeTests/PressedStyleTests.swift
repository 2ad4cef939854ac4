import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// `ui.Pressable`'s style as a function of `{ pressed = bool }`: the renderer reports `pressIn`
/// and `pressOut`, the runtime restyles that one node without a render.
@Suite struct PressedStyleTests {
    static let screen = """
        local ui = require("lunar.ui")
        local counter = require("counter")
        local s = ui.styles { card = { padding = 8, backgroundColor = "#ffffff" }, pressed = { backgroundColor = "#dddddd" } }
        local screen = { title = "Cards" }
        function screen:render()
          counter.renders = counter.renders + 1
          return ui.Column {
            ui.Pressable { id = "card", accessibilityLabel = "Card",
              style = function(state) return { s.card, state.pressed and s.pressed } end,
              onPress = function() counter.presses = counter.presses + 1 end,
              ui.Text "Open" },
            ui.Pressable { id = "plain", style = s.card, onPress = function() end, ui.Text "Plain" },
            ui.Button { id = "again", title = "Again", onPress = function() end },
            ui.Text("Renders: " .. counter.renders),
          }
        end
        return screen
        """
    static let counter = "return { renders = 0, presses = 0 }"

    private func background(_ runtime: LunarRuntime, _ id: String) async -> String? {
        await runtime.withHost { host, _ in
            (host.renderer as? HeadlessRenderer)?.element(id)?.props[.style]?.styleValue?[.backgroundColor]?.color?.description
        }
    }

    private func count(_ runtime: LunarRuntime, _ name: String) async throws -> Int? {
        try await runtime.lua("return require('counter').\(name)").first?.intValue
    }

    @Test func pressInAndOutRestyleTheNodeWithoutARender() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen, "counter.lua": Self.counter])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        #expect(await background(runtime, "card") == "#ffffff")
        try await runtime.run(.pressIn("Card"))
        #expect(await background(runtime, "card") == "#dddddd")
        try await runtime.run(.pressOut("card"))
        #expect(await background(runtime, "card") == "#ffffff")
        #expect(try await count(runtime, "presses") == 0, "pressing out is not a press")
        // A Pressable with a plain style declares no pressIn: holding it reports nothing.
        try await runtime.run(.pressIn("plain"), .tap("card"))
        #expect(try await count(runtime, "presses") == 1)
    }

    /// No render: the screen shows how many renders ran, so a render would send that text too.
    @Test func aPressInSendsOneStyleUpdate() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen, "counter.lua": Self.counter])
        defer { bundle.remove() }
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
        _ = try await runtime.startRecording()
        _ = await runtime.snapshot()
        _ = await runtime.recordedBatches()
        try await runtime.run(.pressIn("card"))
        let batches = await runtime.recordedBatches()
        #expect(batches.count == 1)
        guard case .update(_, let update)? = batches.first?.first, batches.first?.count == 1 else {
            Issue.record("expected one update, got \(batches)")
            return
        }
        #expect(update.props.map(\.name) == [.style])
        try await runtime.run(.pressOut("card"))
        let out = await runtime.recordedBatches()
        #expect(out.count == 1 && out.first?.count == 1, "\(out)")
    }

    @Test func aRenderWhileHeldKeepsThePressedStyle() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen, "counter.lua": Self.counter])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        try await runtime.run(.pressIn("card"))
        let renders = try await count(runtime, "renders") ?? 0
        try await runtime.run(.tap("Again"))
        #expect(try await count(runtime, "renders") ?? 0 > renders)
        #expect(await background(runtime, "card") == "#dddddd")
        try await runtime.run(.pressOut("card"), .tap("Again"))
        #expect(await background(runtime, "card") == "#ffffff")
    }

    @Test func aStyleFunctionOnAnotherElementIsAnErrorAtItsLine() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": """
            local ui = require("lunar.ui")
            return { render = function()
              local view = ui.View { style = function() return {} end }
              return view
            end }
            """])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("style may be a function only on ui.Pressable, not on ui.View"), "\(snapshot)")
        #expect(snapshot.contains("screens/home.lua:3"), "\(snapshot)")
    }

    @Test func aBadPressedStyleIsReportedAndKeepsTheOldStyle() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": """
            local ui = require("lunar.ui")
            return { render = function()
              return ui.Pressable { id = "card", onPress = function() end,
                style = function(state) return { backgroundColor = state.pressed and "not a colour" or "#ffffff" } end,
                ui.Text "Open" }
            end }
            """])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        try await runtime.run(.pressIn("card"))
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("Toast \"error: the pressed style of screens.home, the root element (Pressable)"), "\(snapshot)")
        #expect(await background(runtime, "card") == "#ffffff")
    }
}
