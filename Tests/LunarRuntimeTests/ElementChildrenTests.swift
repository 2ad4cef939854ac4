import Foundation
import LunarBridge
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import Testing

/// Children that may be absent (`nil` and `false` holes in an element's array part) and numbers
/// given as text, from Lua through the runtime to the headless renderer.
@Suite struct ElementChildrenTests {
    @Test func nilAndFalseHolesAreSkippedAndLaterSiblingsKept() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": """
            local ui = require("lunar.ui")
            local screen = { title = "Holes" }
            function screen:render()
              local hidden = false
              return ui.Column {
                ui.Text "a",
                nil,
                ui.Text "c",
                hidden and ui.Text "never",
                ui.Row { false, ui.Text "d", nil, nil, ui.Text "e" },
                ui.List { nil, ui.Text "row" },
              }
            end
            return screen
            """])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        #expect(await runtime.snapshot() == """
            == Holes ==
            Column
              Text "a"
              Text "c"
              Row
                Text "d"
                Text "e"
              List
                Text "row"

            """)
    }

    @Test func aNumberGivenAsTextIsShownAsLuaWritesIt() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": """
            local ui = require("lunar.ui")
            local signal = require("lunar.signal")
            local screen = { title = "Numbers" }
            function screen:load() self.count, self.limit = signal.value(7), signal.value(5) end
            function screen:render()
              return ui.Column {
                ui.Text(42),
                ui.Text { text = 2.5 },
                ui.Text { 3.0 },
                ui.Text { id = "count", text = self.count },
                ui.TextField { id = "field", maxLength = self.limit },
                ui.Button { title = 1, onPress = function() self.count:set(1 / 3); self.limit:set(9) end },
              }
            end
            return screen
            """])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        #expect(await runtime.snapshot() == """
            == Numbers ==
            Column
              Text "42"
              Text "2.5"
              Text "3.0"
              Text #count "7"
              TextField #field value="" maxLength=5
              Button "1"

            """)
        try await runtime.run(.tap("1"))
        let after = await runtime.snapshot()
        #expect(after.contains("Text #count \"0.33333333333333\""))
        // A bound number that is not text stays a number.
        #expect(after.contains("TextField #field value=\"\" maxLength=9"))
    }
}
