// terminal.frame: one 80×24 frame of a screen holding a 1,000-row list (focus on row 500, so
// the view is scrolled), against the headless renderer printing the same screen as text. The
// terminal lays out through the mounted tree's flexbox layout, incrementally (nothing changed:
// nothing is laid out again) and paints only the visible rows; the headless snapshot walks the
// whole tree.
// terminal.frame_after_change: the same, after one row's text changed (a text update through
// the reconciler, alternating between two rows): the terminal relayouts that row's path and
// repaints; the headless side applies the same update and prints the screen.
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
    pairedBenchmark("terminal.frame_after_change", samples: 1000, maxSeconds: 5) {
        let (terminal, terminalNodes) = showing(TerminalRenderer(hop: { $0() }, onQuit: {}))
        terminal.focus(terminalNodes.node(at: [1, 500, 2]), on: screen)
        let (headless, headlessNodes) = showing(HeadlessRenderer())
        headless.focus(headlessNodes.node(at: [1, 500, 2]), on: screen)
        final class Counter { var value = 0 }
        let (terminalChanges, headlessChanges) = (Counter(), Counter())
        func change(_ renderer: some Renderer, _ nodes: Reconciler, _ counter: Counter) {
            counter.value += 1
            let text = "Item changed \(counter.value) with a description long enough to matter"
            if let node = nodes.node(at: [1, 500 + counter.value % 2, 0]),
               let update = nodes.updateProps(["text": .string(text)], of: node) {
                renderer.apply([update], to: screen)
            }
        }
        return Pair(
            ours: {
                change(terminal, terminalNodes, terminalChanges)
                blackHole(terminal.screenLines(width: 80, height: 24))
            },
            baseline: {
                change(headless, headlessNodes, headlessChanges)
                blackHole(headless.snapshot())
            })
    }
}
