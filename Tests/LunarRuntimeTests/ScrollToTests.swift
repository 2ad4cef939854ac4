import Foundation
import LunarBridge
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// `ui.scrollTo` and `ui.scrollToEnd`: a script scrolls a `ScrollView` or `List` by id; the
/// renderer (headless here) moves it and reports `onScroll` back.
@Suite struct ScrollToTests {
    static let screen = """
        local ui = require("lunar.ui")
        local screen = { title = "Scrolling" }
        function screen:load()
          self.log = {}
          self.items = {}
          for i = 1, 100 do self.items[i] = { id = i, name = "Item " .. i } end
        end
        function screen:render()
          local log = self.log
          local lines = {}
          for i = 1, 20 do lines[i] = ui.Text("Line " .. i) end
          lines.id = "page"
          lines.style = { height = 160 }
          lines.onScroll = function(offset) log[#log + 1] = "page " .. offset end
          return ui.Column {
            ui.ScrollView(lines),
            ui.List { id = "items", items = self.items, key = "id", estimatedItemSize = 40,
              row = function(item) return ui.Text(item.name) end,
              onScroll = function(offset) log[#log + 1] = "items " .. offset end },
            ui.Button { title = "Down", onPress = function() ui.scrollTo("page", { y = 48, animated = false }) end },
            ui.Button { title = "Bottom", onPress = function() ui.scrollToEnd("page") end },
            ui.Button { title = "Last", onPress = function() ui.scrollToEnd("items") end },
            ui.Button { title = "Nowhere", onPress = function() ui.scrollTo("nope", { y = 1 }) end },
            ui.Button { title = "Text", onPress = function() ui.scrollTo("log", { y = 1 }) end },
            ui.Button { title = "Bad", onPress = function() ui.scrollTo("page", { z = 1 }) end },
            ui.Button { title = "Past", onPress = function() ui.scrollTo("page", { y = 5000 }) end },
            ui.Text { "Log: " .. table.concat(log, ", "), id = "log" },
          }
        end
        return screen
        """

    @Test func scrollToMovesAScrollViewAndReportsOnScroll() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        try await runtime.run(.tap("Down"))
        var snapshot = await runtime.snapshot()
        #expect(snapshot.contains("ScrollView #page offset=48\n"), "\(snapshot)")
        #expect(snapshot.contains(#"Text #log "Log: page 48.0""#), "\(snapshot)")
        // The end: 20 lines of 16 points in a 160-point box.
        try await runtime.run(.tap("Bottom"))
        snapshot = await runtime.snapshot()
        #expect(snapshot.contains("ScrollView #page offset=160\n"), "\(snapshot)")
        #expect(snapshot.contains(#"Text #log "Log: page 48.0, page 160.0""#), "\(snapshot)")
        // Past the end, a script's scroll stops at the end, as a device's scroll view does.
        try await runtime.run(.tap("Past"))
        snapshot = await runtime.snapshot()
        #expect(snapshot.contains("ScrollView #page offset=160\n"), "\(snapshot)")
    }

    @Test func scrollToEndMovesAVirtualizedListsWindow() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        #expect(await runtime.snapshot().contains("List #items rows=1-10/100\n"))
        try await runtime.run(.tap("Last"))
        // 100 rows of 40 points less what the viewport shows of the list (844 less the 160-point
        // scroll view above it): 3316; the window is built there.
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("-100/100 offset=3316\n"), "\(snapshot)")
        #expect(snapshot.contains(#"Text "Item 100""#))
        #expect(snapshot.contains(#"Text #log "Log: items 3316.0""#), "\(snapshot)")
    }

    @Test func aBadTargetIsAnErrorAtTheCallersLine() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        try await runtime.run(.tap("Nowhere"))
        var snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"Toast "error: screens/home.lua:23: ui.scrollTo: no ScrollView or List with id 'nope' on screens.home"#),
                "\(snapshot)")
        try await runtime.run(.tap("Text"))
        snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"Toast "error: screens/home.lua:24: ui.scrollTo: #log on screens.home is a Text, not a ScrollView or List""#),
                "\(snapshot)")
        try await runtime.run(.tap("Bad"))
        snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"Toast "error: screens/home.lua:25: ui.scrollTo: unknown option 'z' (x, y, animated)""#),
                "\(snapshot)")
        #expect(!snapshot.contains("offset="))
    }

    /// One viewport: a list is virtualized against what the 390 × 844 viewport shows of it.
    @Test func aListIsVirtualizedAgainstItsOwnLaidOutHeight() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": """
            local ui = require("lunar.ui")
            local items = {}
            for i = 1, 100 do items[i] = { id = i } end
            local function row(item) return ui.Text("Row " .. item.id) end
            return { render = function()
              return ui.Column {
                ui.Text "Header",
                ui.List { id = "short", items = items, key = "id", estimatedItemSize = 40, row = row, style = { height = 200 } },
                ui.List { id = "long", items = items, key = "id", estimatedItemSize = 40, row = row },
              }
            end }
            """])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        try await runtime.run(.scroll("short", offset: 0), .scroll("long", offset: 0))
        let snapshot = await runtime.snapshot()
        // 200 points and a quarter past it (none before the start): 250 points, rows 1-7.
        #expect(snapshot.contains("List #short rows=1-7/100\n"), "\(snapshot)")
        // As long as its rows: from its top (16 + 200) to the viewport's end, 628 points, and a
        // quarter past it: 785 points, rows 1-20.
        #expect(snapshot.contains("List #long rows=1-20/100\n"), "\(snapshot)")
    }

    @Test func theHeadlessScrollCommandReachesAScrollViewsEnd() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        try await runtime.run(.scroll("page", offset: nil))
        #expect(await runtime.snapshot().contains("ScrollView #page offset=160\n"))
    }
}
