import Foundation
import LunarBase
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import Testing

/// `ui.appearance` (issue 31) on the headless renderer: light at start, `appearance dark` switches
/// it; a bound prop, a subscriber and a `render()` that reads it each see the change.
@Suite struct AppearanceTests {
    static let screen = """
        local ui = require("lunar.ui")
        local screen = { title = "Look" }
        function screen:load()
          self.heard = {}
          self.sub = ui.appearance:subscribe(function(a) self.heard[#self.heard + 1] = a end)
        end
        function screen:render()
          return ui.Column {
            ui.Text { id = "read", text = "render: " .. ui.appearance:get() },
            ui.Text { id = "bound", text = ui.appearance:map(function(a) return "bound: " .. a end) },
            ui.Text { id = "heard", text = "heard: " .. table.concat(self.heard, ",") },
            ui.Button { title = "Set", onPress = function()
              local ok, err = pcall(ui.appearance.set, ui.appearance, "dark")
              self.refused = not ok and tostring(err) or "accepted"
            end },
            ui.Text { id = "refused", text = "set: " .. tostring(self.refused) },
          }
        end
        return screen
        """

    @Test func isLightAtStartAndFollowsTheAppearanceCommand() async throws {
        let screens = try await sessionScreens(of: Self.screen, typing: ["appearance dark", "appearance dark", "appearance light"])
        #expect(screens.count == 4)
        #expect(screens[0].contains(#"Text #read "render: light""#))
        #expect(screens[0].contains(#"Text #bound "bound: light""#))
        #expect(screens[1].contains(#"Text #read "render: dark""#), "the screen rendered again: \(screens[1])")
        #expect(screens[1].contains(#"Text #bound "bound: dark""#))
        #expect(screens[1].contains(#"Text #heard "heard: light,dark""#))
        // The same look again changes nothing: a subscriber hears each change once.
        #expect(screens[2].contains(#"Text #heard "heard: light,dark""#))
        #expect(screens[3].contains(#"Text #read "render: light""#))
        #expect(screens[3].contains(#"Text #heard "heard: light,dark,light""#))
    }

    @Test func isReadOnlyToScripts() async throws {
        let text = try await sessionScreens(of: Self.screen, typing: ["tap Set"]).joined(separator: "\n> ")
        #expect(text.contains("this property is read-only"), "\(text)")
        #expect(text.contains(#"Text #read "render: light""#))
    }

    @Test func theCommandTakesLightOrDark() throws {
        #expect(try HeadlessCommand.parse("appearance dark") == .appearance(.dark))
        #expect(try HeadlessCommand.parse("appearance light") == .appearance(.light))
        #expect(throws: MessageError("appearance: 'dim' is not light or dark")) { try HeadlessCommand.parse("appearance dim") }
        #expect(throws: MessageError("usage: appearance light|dark")) { try HeadlessCommand.parse("appearance") }
    }
}
