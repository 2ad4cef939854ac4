import LunarLayout
import LunarUI

// The stable text form of what the user sees; docs/headless.md is its specification.
extension HeadlessRenderer {
    /// The visible screen as text, one line each, ending with a line break:
    ///
    /// ```
    /// == Login ==
    /// Column
    ///   Text "Welcome back"
    ///   TextField #account "Account" value="bob" maxLength=25 [focused]
    ///   TextField #password "Password" value="***" [secure]
    ///   Button #login "Log in" [disabled]
    /// Toast "Signed out"
    /// ```
    ///
    /// First the title line (`== Title ==`, `(modal)` after it on a presented stack), then
    /// one line per element indented two spaces per level: the kind, `#id` when set, the
    /// label in quotes, kind-specific props, and states in brackets. An error overlay prints
    /// in place of the elements. The HUD, toasts and the front alert follow, unindented.
    /// Strings are quoted and escaped, and bare values (the title, ids, locations, source lines)
    /// have their control characters escaped, so a script cannot forge a line. The format is
    /// stable: tests compare it verbatim.
    public func snapshot() -> String {
        snapshot(showingFrames: false)
    }

    /// The visible screen as ``snapshot()`` prints it, each element's line ending with its
    /// frame when `showingFrames` is true: ` @left,top widthxheight` in points, `left` and
    /// `top` relative to the parent (the root's to the ``viewport``), laid out in the
    /// ``viewport`` with ``cellMetrics``:
    ///
    /// ```
    /// == Login ==
    /// Column @0,0 390x844
    ///   Text "Welcome back" @0,0 390x16
    ///   Button #login "Log in" @0,16 390x16
    /// ```
    public func snapshot(showingFrames: Bool) -> String {
        var lines: [String] = []
        if let screen = visibleRecord {
            let title = screen.title.map { "== \(escapingControls($0)) ==" } ?? "== (untitled) =="
            lines.append(isVisibleScreenPresented ? title + " (modal)" : title)
            if let error = screen.error {
                appendLines(of: error, to: &lines)
            } else if let root = screen.tree.root {
                if showingFrames { layOut(screen.tree) }
                appendLines(of: root, depth: 0, focused: screen.tree.focused, offsets: screen.offsets, frames: showingFrames, to: &lines)
            } else {
                lines.append("(empty)")
            }
        } else {
            lines.append("(no screen)")
        }
        if isHUDShown {
            lines.append(hudText.map { "HUD \(quoted($0))" } ?? "HUD")
        }
        for toast in toasts {
            lines.append("Toast \(quoted(toast))")
        }
        if let alert = alerts.first {
            appendLines(of: alert, to: &lines)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Lays `tree` out in the viewport with the cell metrics (incrementally).
    func layOut(_ tree: MountedTree) {
        tree.layout(width: viewport.width, height: viewport.height, metrics: cellMetrics.layoutMetrics)
    }

    private func appendLines(
        of node: MountedNode, depth: Int, focused: NodeID?, offsets: [NodeID: Double], frames: Bool, to lines: inout [String]
    ) {
        var words = [node.kind.rawValue]
        if let id = node.elementID { words.append("#" + escapingControls(id)) }
        var states: [String] = []
        switch node.kind {
        case .text, .button, .image:
            if let label = node.label { words.append(quoted(label)) }
        case .textField:
            let value = node.props[.value]?.stringValue ?? ""
            let secure = node.props[.secure]?.boolValue ?? false
            if let placeholder = node.props[.placeholder]?.stringValue { words.append(quoted(placeholder)) }
            words.append("value=" + quoted(secure ? String(repeating: "*", count: value.count) : value))
            if let maxLength = node.props[.maxLength] { words.append("maxLength=" + escapingControls("\(maxLength)")) }
            appendTextInput(of: node, to: &words, states: &states)
            if secure { states.append("secure") }
        case .switch:
            if let label = node.accessibilityLabel { words.append(quoted(label)) }
            words.append("value=" + String(node.props[.value]?.boolValue ?? false))
        case .list:
            if let label = node.accessibilityLabel { words.append(quoted(label)) }
            // A virtualized list that mounts only some rows says which (1-based, inclusive).
            if let count = node.props[.itemCount]?.intValue, count > node.children.count {
                let first = node.props[.firstIndex]?.intValue ?? 0
                let range = node.children.isEmpty ? "none" : "\(first + 1)-\(first + node.children.count)"
                words.append("rows=\(range)/\(count)")
            }
            if let offset = offsets[node.id], offset != 0 { words.append("offset=\(number(offset))") }
        case .scrollView:
            if let label = node.accessibilityLabel { words.append(quoted(label)) }
            if let offset = offsets[node.id], offset != 0 { words.append("offset=\(number(offset))") }
            if node.props[.horizontal]?.boolValue == true { states.append("horizontal") }
        case .activityIndicator:
            if let label = node.accessibilityLabel { words.append(quoted(label)) }
            if node.props[.animating]?.boolValue != false { states.append("animating") }
        case .column, .row, .spacer, .divider, .view, .pressable:
            if let label = node.accessibilityLabel { words.append(quoted(label)) }
        }
        if node.kind == .image, let state = node.props[.loadState]?.stringValue, state != "loaded" {
            states.append(escapingControls(state))
        }
        if node.isDisabled { states.append("disabled") }
        if node.id == focused { states.append("focused") }
        for (prop, state) in Self.accessibilityStates where node.props[prop]?.boolValue == true {
            states.append(state)
        }
        if node.props[.accessibilityChecked]?.stringValue == "mixed" { states.append("mixed") }
        if !states.isEmpty { words.append("[" + states.joined(separator: ", ") + "]") }
        if frames {
            let frame = node.frame
            words.append("@\(number(frame.left)),\(number(frame.top)) \(number(frame.width))x\(number(frame.height))")
        }
        lines.append(String(repeating: "  ", count: depth) + words.joined(separator: " "))
        for child in node.children {
            appendLines(of: child, depth: depth + 1, focused: focused, offsets: offsets, frames: frames, to: &lines)
        }
    }

    /// A field's text-input props: `keyboard=number lines=4 capitalize=words return=done
    /// autoCorrect=false` (each when given, the keyboard unless `default`), `multiline` among its states.
    private func appendTextInput(of node: MountedNode, to words: inout [String], states: inout [String]) {
        let keyboard = KeyboardType(props: node.props)
        if keyboard != .default { words.append("keyboard=" + keyboard.rawValue) }
        let multiline = node.props[.multiline]?.boolValue == true
        if multiline, let lines = node.props[.numberOfLines]?.intValue { words.append("lines=\(lines)") }
        if let capitalize = node.props[.autoCapitalize]?.stringValue { words.append("capitalize=" + escapingControls(capitalize)) }
        if let returnKey = node.props[.returnKeyType]?.stringValue { words.append("return=" + escapingControls(returnKey)) }
        if node.props[.autoCorrect]?.boolValue == false { words.append("autoCorrect=false") }
        if multiline { states.append("multiline") }
    }

    /// The accessibility states printed in brackets, in this order.
    private static let accessibilityStates: [(PropName, String)] = [
        (.accessibilitySelected, "selected"), (.accessibilityChecked, "checked"),
        (.accessibilityBusy, "busy"), (.accessibilityExpanded, "expanded"),
    ]

    /// `12`, or `12.5` when not whole.
    private func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private func appendLines(of error: ErrorOverlay, to lines: inout [String]) {
        lines.append("Error \(quoted(error.message))")
        if let location = error.location { lines.append("  at " + escapingControls(location)) }
        let width = error.codeFrame.map { String($0.number).count }.max() ?? 0
        for sourceLine in error.codeFrame {
            let marker = sourceLine.number == error.line ? ">" : " "
            let number = String(sourceLine.number)
            let padding = String(repeating: " ", count: width - number.count)
            let text = sourceLine.text.isEmpty ? "" : " " + escapingControls(sourceLine.text)
            lines.append("  \(marker) \(padding)\(number) |\(text)")
        }
    }

    private func appendLines(of alert: Alert, to lines: inout [String]) {
        lines.append("Alert \(quoted(alert.title))")
        if let message = alert.message { lines.append("  Text \(quoted(message))") }
        for button in alert.buttons {
            let role = button.role == .default ? "" : " [\(button.role.rawValue)]"
            lines.append("  Button \(quoted(button.title))\(role)")
        }
    }
}
