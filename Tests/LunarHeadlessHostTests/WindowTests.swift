import Foundation
import LunarBase
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import Testing

/// `ui.window` (issue 31) on the headless renderer: 390 × 844 at start, `resize W H` changes it and
/// the frames screens are laid out in.
@Suite struct WindowTests {
    static let screen = """
        local ui = require("lunar.ui")
        local screen = { title = "Window" }
        local function describe(w) return w.width .. "x" .. w.height .. " @" .. w.scale .. " font " .. w.fontScale end
        function screen:render()
          return ui.Column {
            ui.Text { id = "read", text = "render: " .. describe(ui.window:get()) },
            ui.Text { id = "bound", text = ui.window:map(function(w) return "bound: " .. w.width end) },
          }
        end
        return screen
        """

    @Test func isTheHeadlessViewportAndFollowsResize() async throws {
        let screens = try await sessionScreens(of: Self.screen, typing: ["resize 320 480", "snapshot frames"])
        #expect(screens.count == 3)
        #expect(screens[0].contains(#"Text #read "render: 390x844 @1 font 1""#), "\(screens[0])")
        #expect(screens[0].contains(#"Text #bound "bound: 390""#))
        #expect(screens[1].contains(#"Text #read "render: 320x480 @1 font 1""#), "the screen rendered again: \(screens[1])")
        #expect(screens[1].contains(#"Text #bound "bound: 320""#))
        #expect(screens[2].contains("Column @0,0 320x480"), "frames are laid out in the new size: \(screens[2])")
    }

    @Test func theCommandTakesASizeInPoints() throws {
        #expect(try HeadlessCommand.parse("resize 1024 768") == .resize(width: 1024, height: 768))
        #expect(try HeadlessCommand.parse("resize 320.5 480") == .resize(width: 320.5, height: 480))
        let problem = "resize: '0 480' is not a size (two numbers of points, above 0 and at most 1000000)"
        #expect(throws: MessageError(problem)) { try HeadlessCommand.parse("resize 0 480") }
        #expect(throws: MessageError("usage: resize W H")) { try HeadlessCommand.parse("resize 320") }
    }
}
