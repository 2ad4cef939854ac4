import Foundation
import LunarBase
import LunarBridge
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// `ui.View`, `ui.ScrollView`, `ui.Pressable`, `ui.Switch`, `ui.ActivityIndicator` and the
/// accessibility props, from Lua through the runtime to the headless renderer and back.
@Suite struct ElementKindsTests {
    static let screen = """
        local ui = require("lunar.ui")
        local signal = require("lunar.signal")
        local screen = { title = "Kinds" }
        function screen:load()
          self.log = {}
          self.dark = signal.value(false)
        end
        function screen:render()
          local log = self.log
          return ui.View {
            ui.ScrollView { id = "page", onScroll = function(offset) log[#log + 1] = "scroll " .. offset end,
              ui.Pressable { accessibilityLabel = "Open profile", accessibilityHint = "Shows the profile",
                accessibilityRole = "button", accessibilityState = { selected = true },
                onPress = function() log[#log + 1] = "press" end,
                onLongPress = function() log[#log + 1] = "long" end,
                ui.Text "Profile" },
              ui.Pressable { id = "off", disabled = true, onPress = function() log[#log + 1] = "never" end, ui.Text "Off" },
            },
            ui.Switch { id = "dark", accessibilityLabel = "Dark mode", bind = self.dark,
                        onValueChange = function(v) log[#log + 1] = "switch " .. tostring(v) end },
            ui.ScrollView { horizontal = true, accessibilityLabel = "Carousel" },
            ui.ActivityIndicator { size = "large", accessibilityState = { busy = true } },
            ui.ActivityIndicator { animating = false },
            ui.Text { "Log: " .. table.concat(log, ", "), id = "log" },
          }
        end
        return screen
        """

    @Test func newElementsShowInTheSnapshot() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        #expect(await runtime.snapshot() == """
            == Kinds ==
            View
              ScrollView #page
                Pressable "Open profile" [selected]
                  Text "Profile"
                Pressable #off [disabled]
                  Text "Off"
              Switch #dark "Dark mode" value=false
              ScrollView "Carousel" [horizontal]
              ActivityIndicator [animating, busy]
              ActivityIndicator
              Text #log "Log: "

            """)
    }

    @Test func pressLongPressToggleAndScrollReachTheScript() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        // A touch on the text presses the Pressable around it; the label finds it too.
        try await runtime.run(.tap("Profile"), .tap("Open profile"), .longPress("Open profile"))
        try await runtime.run(.toggle("Dark mode"), .scroll("page", offset: 120))
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"Text #log "Log: press, press, long, switch true, scroll 120.0""#))
        #expect(snapshot.contains(#"Switch #dark "Dark mode" value=true"#))
        // The bound property follows: flipping back by id sets it again.
        try await runtime.run(.toggle("dark"))
        #expect(await runtime.snapshot().contains("switch false"))
    }

    @Test func inputRefusesWhatCannotBeDone() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        await #expect(throws: MessageError(#"#off is disabled on "Kinds""#)) { try await runtime.run(.tap("Off")) }
        await #expect(throws: MessageError(#"no switch "Wifi" on "Kinds" (switches: "Dark mode")"#)) {
            try await runtime.run(.toggle("Wifi"))
        }
    }

    @Test func accessibilityPropsReachTheRenderer() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        let props = await runtime.withHost { host, _ in
            (host.renderer as? HeadlessRenderer)?.element("Open profile")?.props
        }
        #expect(props?[.accessibilityLabel] == "Open profile")
        #expect(props?[.accessibilityHint] == "Shows the profile")
        #expect(props?[.accessibilityRole] == "button")
        #expect(props?[.accessibilitySelected] == true)
    }

    @Test func aBadAccessibilityStateIsAnErrorAtTheScriptLine() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": """
            local ui = require("lunar.ui")
            return { render = function()
              return ui.Column { ui.View { accessibilityState = { pressed = true } } }
            end }
            """])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"Error "accessibilityState has no 'pressed' (disabled, selected, checked, busy, expanded)""#))
        #expect(snapshot.contains("at screens/home.lua:3"))
    }
}
