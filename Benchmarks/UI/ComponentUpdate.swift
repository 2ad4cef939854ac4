// ui.component_update: a headless runtime showing a screen of 1,000 keyed components (cards:
// a Column with a Text and a Button); a tap on one card's button calls its setState. Measures
// that step, from the tap to the mutations applied, and reports how many components rendered
// (`renders`, a counter in the card's render) and how many mutations the renderer received
// (`mutations`): the issue requires one of each. The scenario is LunarTestSupport's
// ComponentCards; Tests/LunarRuntimeTests/ComponentUpdateTests checks it untimed.
import Benchmark
import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarUI

let componentCards = 1000

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
        let bundle = try! BundleDirectory(prefix: "lunar-bench-cards", files: ComponentCards.files(count: componentCards))
        defer { bundle.remove() }
        let runtime = try! LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: RuntimeOptions(clock: .virtual))
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
