// ui.component_update: a headless runtime showing a screen of 1,000 keyed components (cards:
// a Column with a Text and a Button); a tap on one card's button calls its setState. Measures
// that step, from the tap to the mutations applied, and reports how many components rendered
// (`renders`, a counter in the card's render) and how many mutations the renderer received
// (`mutations`): the issue requires one of each. Tests/LunarRuntimeTests/ComponentUpdateTests
// checks the same scenario untimed.
import Benchmark
import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarUI

let componentCards = 1000

/// Writes a bundle whose screen shows `componentCards` keyed cards; each card counts its renders
/// in the global `cardRenders`.
func makeComponentBundle() -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-bench-cards-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
    try! FileManager.default.createDirectory(at: root.appendingPathComponent("components"), withIntermediateDirectories: true)
    try! #"{ "name": "bench", "version": "1.0.0", "entry": "/home", "routes": { "/home": "screens.home" } }"#
        .write(to: root.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try! """
        local ui = require("lunar.ui")
        cardRenders = 0
        return ui.component {
          name = "Card",
          state = { taps = 0 },
          render = function(self, props)
            cardRenders = cardRenders + 1
            return ui.Column {
              ui.Text("Card " .. props.index .. ": " .. self.state.taps),
              ui.Button { title = "Tap " .. props.index, onPress = function()
                self:setState { taps = self.state.taps + 1 }
              end },
            }
          end,
        }
        """.write(to: root.appendingPathComponent("components/card.lua"), atomically: true, encoding: .utf8)
    try! """
        local ui = require("lunar.ui")
        local Card = require("components.card")
        local screen = { title = "Cards" }
        function screen:render()
          local cards = {}
          for i = 1, \(componentCards) do cards[i] = Card { key = "card-" .. i, index = i } end
          return ui.Column(cards)
        end
        return screen
        """.write(to: root.appendingPathComponent("screens/home.lua"), atomically: true, encoding: .utf8)
    return root
}

/// A headless renderer that counts the mutations it receives.
final class CountingRenderer: HeadlessRendering {
    let headlessRenderer = HeadlessRenderer()
    var mutations = 0
    func apply(_ mutations: [Mutation], to screen: ScreenID) {
        self.mutations += mutations.count
        headlessRenderer.apply(mutations, to: screen)
    }
}

/// Zeroes the card render counter and the renderer's mutation count.
func resetComponentCounts(_ runtime: LunarRuntime) async {
    await runtime.withHost { host, state in
        state.setGlobal("cardRenders", 0)
        (host.renderer as? CountingRenderer)?.mutations = 0
    }
}

/// (card renders, mutations received) since the last reset.
func componentCounts(_ runtime: LunarRuntime) async -> (renders: Int, mutations: Int) {
    await runtime.withHost { host, state in
        ((try? state.global("cardRenders").intValue) ?? -1, (host.renderer as? CountingRenderer)?.mutations ?? -1)
    }
}

let componentUpdateBenchmark: @Sendable () -> Void = {
    let rendersMetric = BenchmarkMetric.custom("renders", polarity: .prefersSmaller, useScalingFactor: false)
    let mutationsMetric = BenchmarkMetric.custom("mutations", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "ui.component_update",
        configuration: .init(
            metrics: [.wallClock, rendersMetric, mutationsMetric],
            timeUnits: .microseconds,
            scalingFactor: .one,
            maxDuration: .seconds(20),
            maxIterations: 50
        )
    ) { benchmark in
        // Each sample opens the screen anew (not measured), taps one card untimed to warm the
        // path, then times a tap on another.
        let root = makeComponentBundle()
        defer { try? FileManager.default.removeItem(at: root) }
        let runtime = try! LunarRuntime(bundle: ScriptBundle(directory: root), options: RuntimeOptions(clock: .virtual))
        try! await runtime.start(renderer: CountingRenderer())
        try! await runtime.perform(.tap("Tap 1"))
        for _ in benchmark.scaledIterations {
            await resetComponentCounts(runtime)
            benchmark.startMeasurement()
            try! await runtime.perform(.tap("Tap 500"))
            benchmark.stopMeasurement()
            let counts = await componentCounts(runtime)
            benchmark.measurement(rendersMetric, counts.renders)
            benchmark.measurement(mutationsMetric, counts.mutations)
        }
        let snapshot = await runtime.snapshot()
        precondition(snapshot.contains("Text \"Card 500: 1\""), "the tapped card does not show its new state:\n\(snapshot)")
    }
}
