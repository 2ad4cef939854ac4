import Foundation
import LunarBase
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import Testing

/// `onLayout(frame)` (issue 31) on the headless renderer: called with `{x, y, width, height}` after
/// layout, again only when the element's frame changed.
@Suite struct LayoutEventTests {
    static let screen = """
        local ui = require("lunar.ui")
        local screen = { title = "Layout" }
        function screen:load() self.calls = 0; self.frame = "none"; self.wide = false; self.taps = 0 end
        function screen:render()
          return ui.Column {
            ui.Text { text = "frame: " .. self.frame .. " calls: " .. self.calls },
            ui.View { id = "box", style = { width = self.wide and 200 or 100, height = 50, marginLeft = 8 },
              onLayout = function(f)
                self.calls = self.calls + 1
                self.frame = f.x .. "," .. f.y .. " " .. f.width .. "x" .. f.height
              end },
            ui.Button { title = "Widen", onPress = function() self.wide = true end },
            ui.Button { title = "Tap", onPress = function() self.taps = self.taps + 1 end },
            ui.Text { text = "taps: " .. self.taps },
          }
        end
        return screen
        """

    @Test func runsAfterLayoutAndOnlyWhenTheFrameChanges() async throws {
        let screens = try await sessionScreens(of: Self.screen, typing: ["tap Tap", "tap Widen", "resize 300 600"])
        #expect(screens.count == 4)
        #expect(screens[0].contains(#"Text "frame: 8,16 100x50 calls: 1""#), "after the first layout: \(screens[0])")
        // A render that moves nothing calls nothing.
        #expect(screens[1].contains(#"Text "frame: 8,16 100x50 calls: 1""#), "\(screens[1])")
        #expect(screens[1].contains(#"Text "taps: 1""#))
        #expect(screens[2].contains(#"Text "frame: 8,16 200x50 calls: 2""#), "\(screens[2])")
        #expect(screens[3].contains(#"Text "frame: 8,16 200x50 calls: 2""#), "a new window that keeps the frame: \(screens[3])")
    }
}
