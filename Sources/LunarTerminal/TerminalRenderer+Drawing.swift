import LunarBase
import LunarUI

// Drawing: gather the scene, lay it out, paint it once per executor turn.
extension TerminalRenderer {
    /// What the terminal shows now.
    var scene: Scene {
        var scene = Scene(
            isHUDShown: isHUDShown, hudText: hudText, toast: toast, status: status?.text, isStatusError: status?.isError ?? false,
            alert: alerts.first, selectedAlertButton: selectedAlertButton)
        if let screen = visibleRecord {
            scene.screen = Scene.Screen(
                title: screen.title, canGoBack: canGoBack, tree: screen.tree, extent: screen.extent,
                focused: screen.tree.focusedNode?.id, caret: screen.caret, error: screen.error,
                scrollOffset: screen.scrollOffset, revealsFocus: screen.revealsFocus, scrollOffsets: screen.scrollOffsets)
        }
        scene.spinnerPhase = spinnerPhase
        return scene
    }

    /// The terminal's size, or ``detachedSize`` while not started.
    var size: (width: Int, height: Int) { terminal?.size ?? detachedSize }

    /// Lays out the visible state at the current size and remembers where the visible
    /// screen ended up scrolled.
    func layOutFrame() -> TerminalFrame {
        let frame = SceneLayout(glyphs: glyphs).frame(for: scene, width: size.width, height: size.height)
        if let screen = visibleRecord {
            screen.scrollOffset = frame.scrollOffset
            screen.revealsFocus = false
        }
        return frame
    }

    /// The visible state laid out at `width` × `height` as the rows a person reads, without
    /// painting; for benchmarks and tools inside the package.
    package func screenLines(width: Int, height: Int) -> [String] {
        SceneLayout(glyphs: glyphs).frame(for: scene, width: width, height: height).lines
    }

    /// Schedules one repaint on the executor; later calls before it runs share it.
    func setNeedsDisplay() {
        guard terminal != nil, !isDisplayScheduled else { return }
        isDisplayScheduled = true
        let job = ExecutorBound { [weak self] in
            guard let self, self.isDisplayScheduled else { return }
            self.display()
        }
        hop { job.value() }
    }

    /// Repaints now, then tells the runtime where the visible screen's scroll views and lists
    /// stand (which may re-render) and keeps the spinners turning.
    func display() {
        isDisplayScheduled = false
        guard let terminal else { return }
        let frame = layOutFrame()
        terminal.paint(frame, redrawingAll: needsFullRedraw)
        needsFullRedraw = false
        spinners = frame.spinners
        startSpinnerTimerIfNeeded()
        reportScrollPositions(frame)
    }

    // MARK: Scroll positions

    /// Reports `viewport` and `scroll` for each `ScrollView` and `List` of the visible screen
    /// that declares them, when they changed since the last report (as headless and the web do).
    /// A `ScrollView` scrolls inside its box: its extent is its frame, its offset how far it was
    /// scrolled. A `List` scrolls with the screen: its extent is the content area's height, its
    /// offset how far the screen is scrolled past the list's top.
    func reportScrollPositions(_ frame: TerminalFrame) {
        guard let screen = visibleRecord, screen.error == nil, let root = screen.tree.root else { return }
        var scrollers: [MountedNode] = []
        root.forEachInPreorder { node in
            if (node.kind == .scrollView || node.kind == .list), node.events.contains(.viewport) || node.events.contains(.scroll) {
                scrollers.append(node)
            }
        }
        let cell = CellMetrics.terminal
        let contentHeight = Double(max(0, size.height - 2)) * cell.rowHeight
        for node in scrollers {
            guard screens[screen.id] === screen, screen.tree.isAttached(node) else { return }
            let horizontal = node.props[.horizontal]?.boolValue == true
            let viewport: Double
            let offset: Double
            if node.kind == .scrollView {
                // One not painted (off screen) keeps what was last reported.
                guard let scrolled = frame.scrolled[node.id] else { continue }
                viewport = horizontal ? node.frame.width : node.frame.height
                let cells = Double(scrolled)
                offset = cells * (horizontal ? cell.columnWidth : cell.rowHeight)
            } else {
                viewport = contentHeight
                offset = max(0, Double(frame.scrollOffset) * cell.rowHeight - node.absoluteFrame.top)
            }
            let reported = screen.reportedPositions[node.id]
            screen.reportedPositions[node.id] = (viewport, offset)
            if reported?.viewport != viewport, node.events.contains(.viewport) {
                report(.element(screen: screen.id, node: node.id, event: .viewport, payload: .double(viewport)))
            }
            if (reported?.offset ?? 0) != offset, node.events.contains(.scroll), screen.tree.isAttached(node) {
                report(.element(screen: screen.id, node: node.id, event: .scroll, payload: .double(offset)))
            }
        }
    }

    // MARK: Spinners

    /// Starts the spinner timer when an `ActivityIndicator` spins on screen and none runs.
    private func startSpinnerTimerIfNeeded() {
        guard !spinners.isEmpty, !isSpinnerTimerRunning else { return }
        isSpinnerTimerRunning = true
        after(Self.spinnerInterval) { [weak self] in self?.turnSpinners() }
    }

    /// Shows the next spinner frame in the spinners' cells only (no layout, no full repaint);
    /// stops when no spinner is on screen any more.
    private func turnSpinners() {
        isSpinnerTimerRunning = false
        guard let terminal, !spinners.isEmpty else { return }
        spinnerPhase += 1
        let glyph = String(glyphs.spinner(phase: spinnerPhase))
        terminal.paint(glyph, at: spinners.map(\.position), paints: spinners.map(\.paint), style: .hint)
        startSpinnerTimerIfNeeded()
    }
}
