import LunarBase
import LunarUI

// What each key does; docs/terminal.md has the table.
extension TerminalRenderer {
    /// Acts on one key, reporting to the delegate what it means for the app.
    ///
    /// Every key but a resize first clears the toast. With an alert up, keys choose among its
    /// buttons; otherwise they act on the visible screen: focus, press, edit, back.
    func handle(_ key: TerminalKey) {
        defer { setNeedsDisplay() }
        switch key {
        case .resize:
            needsFullRedraw = true
            reportWindow()
            return
        case .interrupt:
            onQuit()
            return
        default:
            break
        }
        clearToast()
        if !alerts.isEmpty {
            handleAlertKey(key)
            return
        }
        guard let screen = visibleRecord else {
            if key == .character("q") { onQuit() }
            return
        }
        if screen.error != nil {
            handleErrorKey(key, on: screen)
            return
        }
        let focused = screen.tree.focusedNode
        let field = focused?.kind == .textField ? focused : nil
        switch key {
        case .escape:
            // In a field, Esc leaves it (then `q` quits); elsewhere it goes back.
            if field != nil { screen.focused = nil } else { goBack(from: screen) }
        case .tab:
            moveFocus(on: screen, by: 1, wrapping: true)
        case .backTab:
            moveFocus(on: screen, by: -1, wrapping: true)
        case .down:
            if !moveFocus(on: screen, by: 1, wrapping: false) { scroll(screen, by: 1) }
        case .up:
            if !moveFocus(on: screen, by: -1, wrapping: false) { scroll(screen, by: -1) }
        case .pageDown:
            scroll(screen, by: pageHeight)
        case .pageUp:
            scroll(screen, by: -pageHeight)
        case .enter:
            if let focused { activate(focused, on: screen) }
        case .backspace:
            if let field { deleteBackward(in: field, on: screen) }
        case .delete:
            if let field { deleteForward(in: field, on: screen) }
        case .left, .right, .home, .end, .wordLeft, .wordRight:
            if let field { moveCaret(key, in: field, on: screen) }
        case .character(let character):
            if let field {
                insert(character, into: field, on: screen)
            } else if character == "q" {
                onQuit()
            } else if character == " ", let focused {
                activate(focused, on: screen)
            } else if character == "l", let focused {
                longPress(focused, on: screen)
            }
        case .interrupt, .resize:
            break
        }
    }

    // MARK: Alerts and errors

    private func handleAlertKey(_ key: TerminalKey) {
        guard let alert = alerts.first, !alert.buttons.isEmpty else {
            if key == .character("q") { onQuit() }
            return
        }
        let count = alert.buttons.count
        switch key {
        case .left, .up, .backTab:
            selectedAlertButton = (selectedAlertButton + count - 1) % count
        case .right, .down, .tab:
            selectedAlertButton = (selectedAlertButton + 1) % count
        case .enter, .character(" "):
            chooseAlertButton(selectedAlertButton)
        case .escape:
            if let cancel = alert.buttons.firstIndex(where: { $0.role == .cancel }) {
                chooseAlertButton(cancel)
            } else if count == 1 {
                chooseAlertButton(0)
            }
        case .character("q"):
            onQuit()
        default:
            break
        }
    }

    /// Closes the front alert and reports the choice, as the protocol asks.
    private func chooseAlertButton(_ index: Int) {
        let alert = alerts.removeFirst()
        if let next = alerts.first { selectedAlertButton = Self.initialSelection(of: next) }
        report(.alertButton(alert.id, index: index))
    }

    /// Over an error overlay only leaving, scrolling and quitting work.
    private func handleErrorKey(_ key: TerminalKey, on screen: TerminalScreen) {
        switch key {
        case .escape: goBack(from: screen)
        case .down, .tab: scroll(screen, by: 1)
        case .up, .backTab: scroll(screen, by: -1)
        case .pageDown: scroll(screen, by: pageHeight)
        case .pageUp: scroll(screen, by: -pageHeight)
        case .character("q"): onQuit()
        default: break
        }
    }

    // MARK: Navigation and focus

    /// Asks the runtime to leave `screen`; it pops or dismisses it (or not).
    private func goBack(from screen: TerminalScreen) {
        guard canGoBack else { return }
        report(.back(screen.id))
    }

    /// Focuses the focusable node `step` places after the focused one, the first (or, going
    /// back, the last) when nothing is focused. Returns false when there is none to go to.
    @discardableResult
    private func moveFocus(on screen: TerminalScreen, by step: Int, wrapping: Bool) -> Bool {
        let nodes = screen.focusableNodes
        guard !nodes.isEmpty else { return false }
        var next: Int
        if let focused = screen.tree.focusedNode, let current = nodes.firstIndex(where: { $0 === focused }) {
            next = current + step
            if !nodes.indices.contains(next) {
                guard wrapping else { return false }
                next = (next + nodes.count) % nodes.count
            }
        } else {
            next = step > 0 ? 0 : nodes.count - 1
        }
        screen.focused = nodes[next].id
        return true
    }

    /// Scrolls by `lines` (negative: up); layout clamps it to the content.
    private func scroll(_ screen: TerminalScreen, by lines: Int) {
        screen.scrollOffset = max(0, screen.scrollOffset + lines)
        screen.revealsFocus = false
    }

    /// A page of scrolling: the content area less one line of overlap.
    private var pageHeight: Int { max(1, size.height - 3) }

    // MARK: Pressing and editing

    /// Enter on `node`: a field submits, a switch flips, anything else is pressed.
    ///
    /// A terminal cannot tell when a key is let go, so an element that shows a pressed style
    /// (declares `pressIn`) is pressed in, shown pressed for one frame, then pressed out and
    /// pressed, in React Native's order.
    private func activate(_ node: MountedNode, on screen: TerminalScreen) {
        guard !node.isDisabled else { return }
        if node.kind == .textField {
            if node.events.contains(.submit) {
                report(.element(screen: screen.id, node: node.id, event: .submit, payload: .string(node.string(.value))))
            }
        } else if node.kind == .switch {
            let value = !(node.props[.value]?.boolValue ?? false)
            node.props[.value] = .bool(value)
            if node.events.contains(.change) {
                report(.element(screen: screen.id, node: node.id, event: .change, payload: .bool(value)))
            }
        } else if node.events.contains(.pressIn) {
            report(.element(screen: screen.id, node: node.id, event: .pressIn, payload: nil))
            setNeedsDisplay()
            // Queued after the repaint the line above asked for: the pressed frame shows first.
            let release = ExecutorBound { [weak self] in
                guard let self, self.screens[screen.id] === screen, let node = screen.tree.node(node.id), screen.tree.isAttached(node) else { return }
                self.report(.element(screen: screen.id, node: node.id, event: .pressOut, payload: nil))
                if node.events.contains(.press), !node.isDisabled {
                    self.report(.element(screen: screen.id, node: node.id, event: .press, payload: nil))
                }
                self.setNeedsDisplay()
            }
            hop { release.value() }
        } else if node.events.contains(.press) {
            report(.element(screen: screen.id, node: node.id, event: .press, payload: nil))
        }
    }

    /// `l` on `node`: a long press (a terminal cannot time a held key), reported to the node or
    /// its nearest ancestor that handles it.
    private func longPress(_ node: MountedNode, on screen: TerminalScreen) {
        var current: MountedNode? = node
        while let candidate = current, !candidate.events.contains(.longPress) { current = candidate.parent }
        guard let receiver = current, !receiver.isDisabled else { return }
        report(.element(screen: screen.id, node: receiver.id, event: .longPress, payload: nil))
    }

    /// Inserts `character` at the cursor unless the field would exceed its `maxLength` in
    /// characters or the character does not fit its `keyboardType` (a letter in a `number` field).
    private func insert(_ character: Character, into field: MountedNode, on screen: TerminalScreen) {
        guard !field.isDisabled else { return }
        var value = field.string(.value)
        let caret = caretIndex(in: value, on: screen)
        guard KeyboardType(props: field.props).accepts(character, after: value) else { return }
        value.insert(character, at: value.index(value.startIndex, offsetBy: caret))
        if let maxLength = field.props[.maxLength]?.intValue, value.count > maxLength { return }
        if screen.caret != nil { screen.caret = caret + 1 }
        setValue(value, of: field, on: screen)
    }

    /// Removes the character before the cursor.
    private func deleteBackward(in field: MountedNode, on screen: TerminalScreen) {
        var value = field.string(.value)
        let caret = caretIndex(in: value, on: screen)
        guard !field.isDisabled, caret > 0 else { return }
        value.remove(at: value.index(value.startIndex, offsetBy: caret - 1))
        if screen.caret != nil { screen.caret = caret - 1 }
        setValue(value, of: field, on: screen)
    }

    /// Removes the character under the cursor (Delete); at the end, nothing.
    private func deleteForward(in field: MountedNode, on screen: TerminalScreen) {
        var value = field.string(.value)
        let caret = caretIndex(in: value, on: screen)
        guard !field.isDisabled, caret < value.count else { return }
        value.remove(at: value.index(value.startIndex, offsetBy: caret))
        setValue(value, of: field, on: screen)
    }

    /// The cursor in `value`, in characters from its start (the end when not placed, or past it).
    private func caretIndex(in value: String, on screen: TerminalScreen) -> Int {
        min(screen.caret ?? value.count, value.count)
    }

    /// Moves the cursor in the focused field: a character (Left, Right), to either end (Home,
    /// End), or a word (Alt-b/Alt-f, Ctrl-Left/Right: to the start of the word before it, the
    /// end of the word after it). At the end it is nil again, so it follows the text there.
    private func moveCaret(_ key: TerminalKey, in field: MountedNode, on screen: TerminalScreen) {
        let characters = Array(field.string(.value))
        var caret = caretIndex(in: String(characters), on: screen)
        switch key {
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(characters.count, caret + 1)
        case .home: caret = 0
        case .end: caret = characters.count
        case .wordLeft:
            while caret > 0, characters[caret - 1].isWhitespace { caret -= 1 }
            while caret > 0, !characters[caret - 1].isWhitespace { caret -= 1 }
        case .wordRight:
            while caret < characters.count, characters[caret].isWhitespace { caret += 1 }
            while caret < characters.count, !characters[caret].isWhitespace { caret += 1 }
        default: return
        }
        screen.caret = caret == characters.count ? nil : caret
        screen.revealsFocus = true
    }

    /// Shows the text the user made and reports it as ``EventName/change``.
    private func setValue(_ value: String, of field: MountedNode, on screen: TerminalScreen) {
        field.props[.value] = .string(value)
        screen.revealsFocus = true
        if field.events.contains(.change) {
            report(.element(screen: screen.id, node: field.id, event: .change, payload: .string(value)))
        }
    }

    /// Clears the toast and an ordinary status: the user has moved on.
    private func clearToast() {
        if let status, !status.isError {
            self.status = nil
            statusGeneration += 1
        }
        guard toast != nil else { return }
        toast = nil
        toastGeneration += 1
    }
}
