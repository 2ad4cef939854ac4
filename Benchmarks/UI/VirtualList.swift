// ui.virtual_list: a headless runtime showing a ui.List of 10,000 rows, scrolled end to end
// in half-viewport steps; each scroll re-renders the screen, building only the rows the
// list's window mounts. Reports the most rows mounted at once (`mounted`), the rows a
// viewport shows (`visible`), and how much the Lua heap grew from the top to the end after a
// full collection (`heap_growth_kb`): mounted ≤ 2 × visible and a flat heap are the goals.
import Benchmark
import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarUI

let virtualListRows = 10_000
let virtualRowSize = 44.0

/// Writes a bundle whose screen lists `virtualListRows` items.
func makeVirtualListBundle() -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-bench-list-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
    try! #"{ "name": "bench", "version": "1.0.0", "entry": "/home", "routes": { "/home": "screens.home" } }"#
        .write(to: root.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try! """
        local ui = require("lunar.ui")
        local screen = { title = "Rows" }
        function screen:load()
          self.items = {}
          for i = 1, \(virtualListRows) do self.items[i] = { id = i, name = "Item " .. i } end
        end
        function screen:render()
          return ui.List { id = "items", items = self.items, key = "id", estimatedItemSize = \(virtualRowSize),
            row = function(item) return ui.Row { ui.Text(item.name), ui.Button { title = "Open", id = "open-" .. item.id } } end }
        end
        return screen
        """.write(to: root.appendingPathComponent("screens/home.lua"), atomically: true, encoding: .utf8)
    return root
}

/// Rows mounted now: the list's children (each row is a Row, a Text and a Button).
func mountedRows(_ runtime: LunarRuntime) async -> Int {
    await runtime.withHost { host, _ in ((host.renderer as? HeadlessRenderer)?.mountedNodeCount ?? 1) - 1 } / 3
}

/// The Lua heap after a full collection, in bytes.
func collectedHeap(_ runtime: LunarRuntime) async -> Int {
    await runtime.withHost { _, state in
        _ = try? state.run("collectgarbage()", name: "=bench")
        return state.memoryInUse
    }
}

let virtualListBenchmark: @Sendable () -> Void = {
    let mountedMetric = BenchmarkMetric.custom("mounted", polarity: .prefersSmaller, useScalingFactor: false)
    let visibleMetric = BenchmarkMetric.custom("visible", polarity: .prefersSmaller, useScalingFactor: false)
    let growthMetric = BenchmarkMetric.custom("heap_growth_kb", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "ui.virtual_list",
        configuration: .init(
            metrics: [.wallClock, mountedMetric, visibleMetric, growthMetric],
            timeUnits: .milliseconds,
            scalingFactor: .one,
            maxDuration: .seconds(30),
            maxIterations: 5
        )
    ) { benchmark in
        let root = makeVirtualListBundle()
        defer { try? FileManager.default.removeItem(at: root) }
        let runtime = try! LunarRuntime(bundle: ScriptBundle(directory: root), options: RuntimeOptions(clock: .virtual))
        _ = try! await runtime.startHeadless()
        let viewport = HeadlessRenderer().viewport.height   // the list is the screen: it fills the viewport
        let end = Double(virtualListRows) * virtualRowSize - viewport
        let visible = ListWindow(itemCount: virtualListRows, estimatedItemSize: virtualRowSize, viewport: viewport, offset: 1).visible.count
        for _ in benchmark.scaledIterations {
            try! await runtime.perform(.scroll("items", offset: 0))
            let heapAtTop = await collectedHeap(runtime)
            var mounted = 0
            benchmark.startMeasurement()
            var offset = 0.0
            while offset < end {
                offset = min(end, offset + viewport / 2)
                try! await runtime.perform(.scroll("items", offset: offset))
                mounted = max(mounted, await mountedRows(runtime))
            }
            benchmark.stopMeasurement()
            let heapAtEnd = await collectedHeap(runtime)
            benchmark.measurement(mountedMetric, mounted)
            benchmark.measurement(visibleMetric, visible)
            benchmark.measurement(growthMetric, max(0, heapAtEnd - heapAtTop) / 1024)
        }
        let snapshot = await runtime.snapshot()
        precondition(snapshot.contains("/\(virtualListRows)"), "the list is not virtualized:\n\(snapshot)")
    }
}
