import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// `ui.List` is virtualized: only the rows near the viewport are built and mounted.
@Suite struct VirtualListTests {
    static func screen(count: Int, paging: Bool = true) -> String {
        """
        local ui = require("lunar.ui")
        local screen = { title = "Rows" }
        function screen:load()
          self.items = {}
          for i = 1, \(count) do self.items[i] = { id = i, name = "Item " .. i } end
          self.built = 0
          self.pages = 0
        end
        function screen:render()
          return ui.Column {
            ui.List { id = "items", items = self.items, key = "id", estimatedItemSize = 40, style = { height = 600 },
              row = function(item)
                self.built = self.built + 1
                return ui.Text { item.name, onPress = function() self.pressed = item.id end }
              end,
              onEndReached = \(paging ? "" : "nil and ")function()
                self.pages = self.pages + 1
                local n = #self.items
                for i = n + 1, n + 20 do self.items[i] = { id = i, name = "Item " .. i } end
              end },
            ui.Text { "pages " .. self.pages .. ", pressed " .. tostring(self.pressed), id = "pages" },
          }
        end
        return screen
        """
    }

    /// How many rows the visible screen mounts (every node but the Column, List and Text around them).
    private func mountedRows(_ runtime: LunarRuntime) async -> Int {
        await runtime.withHost { host, _ in (host.renderer as? HeadlessRenderer)?.mountedNodeCount ?? 0 } - 3
    }

    @Test func tenThousandRowsMountOnlyAWindowAndMemoryStaysFlat() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen(count: 10_000, paging: false)])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        // Before the renderer reports a viewport: the first 10 rows.
        #expect(await runtime.snapshot().contains("List #items rows=1-10/10000"))
        let viewport = 600.0   // the list's height: what of it the viewport shows
        let visible = ListWindow(itemCount: 10_000, estimatedItemSize: 40, viewport: viewport, offset: 20).visible.count
        try await runtime.run(.scroll("items", offset: 0))
        _ = try await runtime.lua("collectgarbage()")
        let memoryAtTop = await runtime.withHost { _, state in state.memoryInUse }
        var mostMounted = 0
        var offset = 0.0
        while offset < 400_000 {
            try await runtime.run(.scroll("items", offset: offset))
            let mounted = await mountedRows(runtime)
            mostMounted = max(mostMounted, mounted)
            offset += viewport / 2
        }
        try await runtime.run(.scroll("items", offset: nil))
        #expect(mostMounted <= 2 * visible, "mounted \(mostMounted) rows for \(visible) visible")
        let last = ListWindow(itemCount: 10_000, estimatedItemSize: 40, viewport: viewport, offset: 400_000 - viewport).mounted
        #expect(await runtime.snapshot().contains("List #items rows=\(last.lowerBound + 1)-10000/10000"))
        _ = try await runtime.lua("collectgarbage()")
        let memoryAtEnd = await runtime.withHost { _, state in state.memoryInUse }
        // Flat: the end costs what the top did, give or take the 20 items paging added.
        #expect(memoryAtEnd < memoryAtTop + 256 << 10, "Lua heap went from \(memoryAtTop) to \(memoryAtEnd) bytes")
    }

    @Test func onEndReachedPagesOncePerLength() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen(count: 30)])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        // 30 rows of 40 = 1200 points; a 600-point viewport at 0 is 600 from the end: not yet.
        try await runtime.run(.scroll("items", offset: 0))
        #expect(await runtime.snapshot().contains("pages 0,"))
        try await runtime.run(.scroll("items", offset: 400))  // 200 from the end, within 0.5 viewports
        #expect(await runtime.snapshot().contains("pages 1,"))
        try await runtime.run(.scroll("items", offset: 410))  // same length: not again
        #expect(await runtime.snapshot().contains("pages 1,"))
        try await runtime.run(.scroll("items", offset: nil))  // 50 items now: the new end
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("pages 2,"))
        #expect(snapshot.contains("rows=") && snapshot.contains("/70"))
    }

    @Test func rowsKeepTheirNodesAndHandlersAsTheWindowMoves() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": Self.screen(count: 100)])
        defer { bundle.remove() }
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
        _ = try await runtime.startRecording()
        try await runtime.run(.scroll("items", offset: 0))
        #expect(await runtime.snapshot().contains("rows=1-19/100"))
        // One row further: the rows still in the window keep their nodes (keyed by id); one is new.
        _ = await runtime.recordedBatches()
        try await runtime.run(.scroll("items", offset: 40))
        #expect(await runtime.snapshot().contains("rows=1-20/100"))
        let creates = await runtime.recordedBatches().joined().filter { if case .create = $0 { true } else { false } }.count
        #expect(creates == 1)
        // A row built later still reaches its handler.
        try await runtime.run(.scroll("items", offset: 2000), .tap("Item 55"))
        #expect(await runtime.snapshot().contains("pressed 55"))
    }

    @Test func anErrorInARowShowsItsLine() async throws {
        let bundle = try TestBundle(files: ["screens/home.lua": """
            local ui = require("lunar.ui")
            return { render = function()
              return ui.List { items = { 1, 2 }, row = function(i)
                if i == 2 then error("row two is broken") end
                return ui.Text("row " .. i)
              end }
            end }
            """])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains(#"Error "row two is broken""#))
        #expect(snapshot.contains("at screens/home.lua:4"))
    }
}
