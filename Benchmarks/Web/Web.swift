// web.text_update_bytes: the bytes the web renderer sends a page for one `Text` change (a
// reconcile of a screen where one label changes, encoded as its wire message); the goal is at
// most 100. web.tap_roundtrip needs a browser: Scripts/bench runs it through Playwright after
// the suites (Tests/Browser/web_test.py --only test_tap_roundtrip_benchmark).
import Benchmark
import LunarUI
import LunarWeb

private func screen(count: Int) -> Element {
    .column([
        .text("Count: \(count)", id: "count"),
        .button("Add one", id: "add"),
    ])
}

let benchmarks: @Sendable () -> Void = {
    let bytesMetric = BenchmarkMetric.custom("bytes", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "web.text_update_bytes",
        configuration: .init(
            metrics: [.wallClock, bytesMetric],
            timeUnits: .microseconds,
            scalingFactor: .one,
            maxDuration: .seconds(2),
            maxIterations: 100
        )
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let reconciler = Reconciler()
            _ = reconciler.reconcile(screen(count: 2))
            let mutations = reconciler.reconcile(screen(count: 3))
            let message = ServerMessage.mutations(mutations, on: ScreenID(1))
            precondition(mutations.count == 1, "one text change must be one mutation: \(mutations)")
            benchmark.measurement(bytesMetric, message.utf8.count)
        }
    }
}
