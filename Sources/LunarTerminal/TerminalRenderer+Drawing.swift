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
                focused: screen.tree.focusedNode?.id, error: screen.error,
                scrollOffset: screen.scrollOffset, revealsFocus: screen.revealsFocus)
        }
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

    /// Repaints now.
    func display() {
        isDisplayScheduled = false
        guard let terminal else { return }
        terminal.paint(layOutFrame(), redrawingAll: needsFullRedraw)
        needsFullRedraw = false
    }
}
