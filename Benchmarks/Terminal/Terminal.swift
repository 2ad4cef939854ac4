// terminal.frame: laying out one 80×24 frame of a screen holding a 1,000-row list (focus on
// row 500, so the view is scrolled), against the headless renderer printing the same screen
// as text. Both walk the whole tree and produce what a person reads; the ratio is the price
// of a real layout (wrapping, rows side by side, scrolling) over a plain listing.
import BenchSupport
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
    pairedBenchmark("terminal.frame", samples: 1000, maxSeconds: 5) {
        let (terminal, terminalNodes) = showing(TerminalRenderer(hop: { $0() }, onQuit: {}))
        terminal.focus(terminalNodes.node(at: [1, 500, 2]), on: screen)
        let (headless, headlessNodes) = showing(HeadlessRenderer())
        headless.focus(headlessNodes.node(at: [1, 500, 2]), on: screen)
        return Pair(
            ours: { blackHole(terminal.screenLines(width: 80, height: 24)) },
            baseline: { blackHole(headless.snapshot()) })
    }
}
