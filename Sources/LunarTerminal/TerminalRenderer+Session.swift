import LunarBase
import LunarUI

// Taking over the terminal and handing it back; reading keys on the executor.
extension TerminalRenderer {
    /// Enters curses mode, starts listening for keys and draws. Does nothing when started.
    ///
    /// Call on the executor. The terminal belongs to the renderer until ``stop()``; if the
    /// process crashes meanwhile, curses mode is left first so the shell stays usable.
    ///
    /// - Throws: `MessageError` when standard input or output is not a terminal or curses
    ///   cannot drive it; the terminal is left as it was.
    public func start() throws {
        guard terminal == nil else { return }
        let terminal = try CursesTerminal()
        let watcher: InputWatcher
        do {
            watcher = try InputWatcher()
        } catch {
            terminal.close()
            throw error
        }
        self.terminal = terminal
        inputWatcher = watcher
        glyphs = terminal.supportsUnicode ? .unicode : .ascii
        let drain = ExecutorBound { [weak self] (wake: InputWatcher.Wake) in
            self?.drainInput(after: wake)
        }
        let hop = self.hop
        watcher.start { wake in hop { drain.value(wake) } }
        needsFullRedraw = true
        reportWindow()
        display()
    }

    /// Reports the terminal's size as the window: 8 points a column and 16 a row (``CellMetrics``),
    /// scale 1, font scale 1. Called as it starts and on each resize (SIGWINCH).
    func reportWindow() {
        let cells = size
        report(.window(WindowMetrics(width: Double(cells.width * 8), height: Double(cells.height * 16))))
    }

    /// Stops listening for keys and leaves curses mode, restoring the terminal. Safe to call
    /// when not started, and twice. Call on the executor.
    public func stop() {
        guard let terminal else { return }
        inputWatcher?.stop()
        inputWatcher = nil
        terminal.close()
        self.terminal = nil
        isDisplayScheduled = false
    }

    /// Whether ``start()`` has taken over the terminal and ``stop()`` has not given it back.
    public var isStarted: Bool { terminal != nil }

    /// Reads every key waiting and acts on each, then repaints; runs on the executor when
    /// the input thread saw input or a resize.
    private func drainInput(after wake: InputWatcher.Wake) {
        guard let terminal, let watcher = inputWatcher else { return }
        defer { watcher.drainDone() }
        switch wake {
        case .hangup:
            onQuit()
            return
        case .resize:
            if terminal.adoptWindowSize() { handle(.resize) }
        case .input:
            break
        }
        // Stop as soon as a key stops the renderer (quit); the rest belongs to the shell.
        var pending: TerminalKey?
        while self.terminal === terminal, let code = terminal.readKey() {
            guard let key = code.key else { continue }
            // Alt-b and Alt-f arrive as Esc and the letter, read together: readline's word moves.
            if pending == .escape, key == .character("b") || key == .character("f") {
                pending = nil
                handle(key == .character("b") ? .wordLeft : .wordRight)
                continue
            }
            if let earlier = pending { handle(earlier) }
            pending = nil
            if key == .escape { pending = key } else { handle(key) }
        }
        if let pending, self.terminal === terminal { handle(pending) }
        if self.terminal === terminal { display() }
    }
}
