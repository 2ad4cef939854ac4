import Foundation
import LunarBundle
import LunarRuntime
import LunarTestSupport
import Testing

/// `lunar check` warns, with file:line, about pressable elements a screen reader cannot name.
@Suite struct AccessibilityCheckTests {
    @Test func warnsAboutUnnamedPressablesWithoutFailing() throws {
        let bundle = try BundleDirectory(files: ["manifest.json": BundleDirectory.manifest(), "screens/home.lua": """
            local ui = require("lunar.ui")
            local screen = {}
            function screen:render()
              return ui.Column {
                ui.Pressable { onPress = function() end, ui.Image { source = "x.png" } },
                ui.Pressable { accessibilityLabel = "Close", onPress = function() end },
                ui.Pressable { onPress = function() end, ui.Text "Open" },
                ui.Button { command = self.go },
                ui.Button { title = "Go", onPress = function() end },
                ui.Button "Also fine",
                ui.View { onPress = function() end, ui.Spacer() },
                ui.Image { alt = "Avatar", onPress = function() end },
                ui.Text { "Row", onPress = function() end },
                -- ui.Pressable { onPress = function() end } in a comment is not code
                ui.Row { onLongPress = function() end,
                  ui.View {} },
              }
            end
            return screen
            """, "spec/home_spec.lua": #"local ui = require("lunar.ui"); local _ = ui.Pressable { onPress = print }"#])
        defer { bundle.remove() }
        let check = BundleCheck(directory: bundle.root, bridgeAPI: BridgeAPI.version)
        #expect(check.passed)
        #expect(check.warnings == [
            "screens/home.lua:5: warning: Pressable has no accessibilityLabel and no text, so a screen reader cannot name it",
            "screens/home.lua:8: warning: Button has no title and no accessibilityLabel, so a screen reader cannot name it",
            "screens/home.lua:11: warning: View with onPress has no accessibilityLabel and no text, so a screen reader cannot name it",
            "screens/home.lua:15: warning: Row with onPress has no accessibilityLabel and no text, so a screen reader cannot name it",
        ])
        #expect(check.summary == "test: 2 scripts, 1 route: no problems, 4 warnings")
    }
}
