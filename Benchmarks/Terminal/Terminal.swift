// terminal.frame: laying out one 80×24 frame of a screen holding a 1,000-row list (focus on
// row 500, so the view is scrolled), against the headless renderer printing the same screen
// as text. Both walk the whole tree and produce what a person reads; the ratio is the price
// of a real layout (wrapping, rows side by side, scrolling) over a plain listing.
import Benchmark
import LunarHeadless
import LunarTerminal
import LunarUI

private let screen = ScreenID(1)

private let tree = Element.column([
    .text("Items"),
    .list((0..<1000).map { index in
        .row(key: "item-\(index)", [
            .text("Item \(index) with a description long enough to matter"),
            .spacer(),
            .button("Open", id: "open-\(index)"),
        ])
    }),
])

private func showing<R: Renderer>(_ renderer: R) -> (R, Reconciler) {
    let reconciler = Reconciler()
    renderer.apply(reconciler.reconcile(tree), to: screen)
    renderer.push(screen, title: "List")
    return (renderer, reconciler)
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock],
        timeUnits: .microseconds,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 1000
    )

    Benchmark("terminal.frame.ours", configuration: configuration) { benchmark in
        let (renderer, reconciler) = showing(TerminalRenderer(hop: { $0() }, onQuit: {}))
        renderer.focus(reconciler.node(at: [1, 500, 2]), on: screen)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(renderer.screenLines(width: 80, height: 24))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("terminal.frame.baseline", configuration: configuration) { benchmark in
        let (renderer, reconciler) = showing(HeadlessRenderer())
        renderer.focus(reconciler.node(at: [1, 500, 2]), on: screen)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(renderer.snapshot())
        }
        benchmark.stopMeasurement()
    }
}
