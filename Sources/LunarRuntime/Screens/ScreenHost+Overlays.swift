import Foundation
import LunarBridge
import LunarBundle
import LunarRouter
import LunarSignals
import LunarSignalsLua
import LunarUI

/// What shows over a screen: error overlays, the HUD, toasts and alerts; and what the
/// renderer reports back (taps, text, alert buttons, back).
extension ScreenHost {
    // MARK: Errors

    func showOverlay(_ error: LuaScriptError, on screen: ScreenInstance) {
        var frame: [ErrorOverlay.SourceLine] = []
        if let location = error.location, let lines = bundle.lines(ofFile: location.file) {
            let range = max(1, location.line - 2)...min(lines.count, location.line + 2)
            if !range.isEmpty { frame = range.map { ErrorOverlay.SourceLine(number: $0, text: lines[$0 - 1]) } }
        }
        let overlay = ErrorOverlay(message: error.overlayMessage, file: error.location?.file, line: error.location?.line, codeFrame: frame)
        screen.overlay = overlay
        renderer?.showError(overlay, on: screen.id)
    }

    func showOverlay(message: String, on screen: ScreenInstance) {
        let overlay = ErrorOverlay(message: message)
        screen.overlay = overlay
        renderer?.showError(overlay, on: screen.id)
    }

    // MARK: HUD, toast, alert

    func showHUD(_ text: String?) { renderer?.showHUD(text) }
    func hideHUD() { renderer?.hideHUD() }
    func toast(_ text: String) { renderer?.showToast(text) }

    func alert(_ spec: LuaTableReference) throws {
        let table = try state.callHelper(helpers.function("alertSpec", in: state), [.reference(spec.reference)])
        guard let title = table.first?.stringValue else { throw LuaError.message("ui.alert needs a title") }
        let message = table.count > 1 ? table[1].stringValue : nil
        var buttons: [Alert.Button] = []
        if table.count > 2, case .integer(let count) = table[2] {
            for index in 0..<count where 3 + 2 * index < table.count {
                let role = (4 + 2 * index < table.count ? table[4 + 2 * index].stringValue : nil)
                    .flatMap(Alert.Button.Role.init(rawValue:)) ?? .default
                buttons.append(Alert.Button(table[3 + 2 * index].stringValue ?? "OK", role: role))
            }
        }
        let shown = buttons.isEmpty ? [Alert.Button("OK")] : buttons
        let id = alerts.add(spec, buttons: shown.count)
        renderer?.showAlert(Alert(id: id, title: title, message: message, buttons: shown))
    }

    /// `payload` cut to the first `maxLength` characters when it is text for a field that sets
    /// one (the rule `type` applies as it types; a renderer's `submit` or `change` may carry more).
    private func fitted(_ payload: PropValue?, toFieldOf node: NodeID, on screen: ScreenInstance) -> PropValue? {
        guard case .string(let text)? = payload, let limit = screen.reconciler.props(of: node)?[.maxLength]?.intValue,
              limit >= 0, text.count > limit else { return payload }
        return .string(String(text.prefix(limit)))
    }

    // MARK: RendererDelegate

    public func renderer(_ renderer: any Renderer, didReport event: RendererEvent) {
        operationDepth += 1
        defer { operationDepth -= 1 }
        switch event {
        case .element(let screenID, let node, let name, let payload):
            guard let screen = screens[screenID], let path = screen.reconciler.path(of: node), let tree = screen.lastTree else { return }
            if name == .pressIn || name == .pressOut {
                pressChanged(node, pressed: name == .pressIn, path: path, tree: tree, on: screen)
                return
            }
            // A field's text from any renderer keeps to its maxLength, for change and submit alike.
            let payload = name == .change || name == .submit ? fitted(payload, toFieldOf: node, on: screen) : payload
            if name == .change, let payload {
                screen.reconciler.recordProps(Props([(PropName.value, payload)]), of: node)
                onContentChange?()
            }
            if name == .scroll || name == .viewport { _ = listScrolled(node, event: name, payload: payload, on: screen) }
            var argument: [LuaValue] = []
            switch payload {
            case .string(let s)?: argument = [.string(s)]
            case .int(let i)?: argument = [.integer(i)]
            case .double(let d)?: argument = [.number(d)]
            case .bool(let b)?: argument = [.boolean(b)]
            case .style?, nil: break
            }
            let luaPath = LuaValue.table(LuaTable(array: path.map { .integer($0 + 1) }))
            var componentsOnly = false
            let signals = SignalContext.of(state)
            let writes = signals.writes
            do {
                _ = try state.callHelper(helpers.function("dispatch", in: state),
                                               [.reference(tree.reference), luaPath, .string(name.rawValue)] + argument)
                // A component's own element: only the components that called setState render again,
                // unless the handler wrote to a signal (a view-model the screen may read) or called
                // one of the screen's callbacks.
                if signals.writes == writes {
                    componentsOnly = try state.callHelper(helpers.function("componentsOnly", in: state),
                                                          [.reference(screen.instance.reference), .reference(tree.reference), luaPath])
                        .first?.isTruthy ?? false
                }
            } catch {
                onScriptError(error)
                renderer.showToast("error: " + error.message)
            }
            if componentsOnly { renderVisibleComponents() } else { renderVisible() }
        case .alertButton(let id, let index):
            // Only an index of a button the alert showed: any renderer's answer is checked here,
            // and an alert answered out of range stays open for a real answer.
            guard let spec = alerts.answer(id, button: index) else { return }
            do {
                _ = try state.callHelper(helpers.function("alertButton", in: state), [.reference(spec.reference), .integer(index + 1)])
            } catch {
                onScriptError(error)
                renderer.showToast("error: " + error.message)
            }
            renderVisible()
        case .back(let screen):
            guard screen == visibleScreen else { return }
            back()
        case .appearance(let appearance):
            // Subscribers of ui.appearance hear of it first; a render() that reads it renders again.
            guard device.set(appearance) else { return }
            renderVisible()
        case .window(let metrics):
            guard device.set(metrics) else { return }
            renderVisible()
        case .layout(let screenID, let node, let frame):
            guard let screen = screens[screenID], let path = screen.reconciler.path(of: node), let tree = screen.lastTree else { return }
            // Whole numbers as integers (`100`, not `100.0`), as ui.window gives them.
            func number(_ value: Double) -> LuaValue {
                value.rounded() == value && abs(value) < 1e15 ? .integer(Int(value)) : .number(value)
            }
            let table = LuaTable(fields: ["x": number(frame.left), "y": number(frame.top),
                                          "width": number(frame.width), "height": number(frame.height)])
            do {
                _ = try state.callHelper(helpers.function("dispatch", in: state),
                                         [.reference(tree.reference), .table(LuaTable(array: path.map { .integer($0 + 1) })),
                                          .string(EventName.layout.rawValue), .table(table)])
            } catch {
                onScriptError(error)
                renderer.showToast("error: " + error.message)
            }
            renderVisible()
        }
    }
}
