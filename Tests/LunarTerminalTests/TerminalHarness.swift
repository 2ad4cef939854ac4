import LunarUI

@testable import LunarTerminal
import LunarTestSupport


/// A timer in virtual time: jobs run when a test advances the clock past their deadline.
final class ManualTimer {
    private var now: Duration = .zero
    private var jobs: [(deadline: Duration, body: () -> Void)] = []

    func schedule(after delay: Duration, _ body: @escaping () -> Void) {
        jobs.append((now + delay, body))
    }

    func advance(by duration: Duration) {
        now += duration
        let due = jobs.filter { $0.deadline <= now }
        jobs.removeAll { $0.deadline <= now }
        for job in due { job.body() }
    }
}

/// A terminal renderer that is never started (no curses), with one reconciler per screen:
/// what the runtime does, minus Lua. Layout and key handling are driven directly.
final class TerminalHarness {
    let delegate = RecordingDelegate()
    let timer = ManualTimer()
    private(set) var quitCount = 0
    private(set) var reconcilers: [ScreenID: Reconciler] = [:]
    private(set) var renderer: TerminalRenderer!

    init(width: Int = 40, height: Int = 12) {
        renderer = TerminalRenderer(
            hop: { job in job() },
            onQuit: { [unowned self] in quitCount += 1 },
            after: { [unowned self] delay, body in timer.schedule(after: delay, body) }
        )
        renderer.delegate = delegate
        renderer.detachedSize = (width, height)
    }

    func render(_ tree: Element?, on screen: ScreenID) {
        let reconciler = reconcilers[screen] ?? Reconciler()
        reconcilers[screen] = reconciler
        renderer.apply(reconciler.reconcile(tree), to: screen)
    }

    func node(at path: [Int], on screen: ScreenID) -> NodeID? {
        reconcilers[screen]?.node(at: path)
    }

    /// Presses the keys in order.
    func press(_ keys: TerminalKey...) {
        for key in keys { renderer.handle(key) }
    }

    /// Types `text` one character at a time.
    func type(_ text: String) {
        for character in text { renderer.handle(.character(character)) }
    }

    /// The screen as a person reads it.
    var lines: [String] { renderer.layOutFrame().lines }

    /// The laid-out frame.
    var frame: TerminalFrame { renderer.layOutFrame() }
}

extension Element {
    /// This element with `style`.
    func styled(_ entries: KeyValuePairs<String, StyleInput>) -> Element {
        var copy = self
        copy.props[.style] = style(entries)
        return copy
    }
}
