import Foundation
import LunarBridge
import LunarBundle
import LunarRouter
import LunarSignals
import LunarSignalsLua
import LunarUI

/// Props bound to signals: subscribed once per node and prop, updated without a re-render.
extension ScreenHost {
    /// A bound prop the new tree leaves empty (its signal has no `:get()`) keeps what its signal
    /// last sent, so a re-render does not blank it while the subscription goes on.
    func keepingBoundValues(of bound: [(path: [Int], prop: String, source: LuaValue)], in element: Element, on screen: ScreenInstance) -> Element {
        var element = element
        for (path, prop, value) in bound {
            guard let node = screen.reconciler.node(at: path), case .reference(let source) = value,
                  let binding = screen.bindings[PropBindingKey(node: node, prop: prop)], isSameLuaValue(binding.source, source),
                  let props = screen.reconciler.props(of: node) else { continue }
            if let property = Self.boundStyleProperty(prop) {
                guard let shown = props[.style]?.styleValue?[property] else { continue }
                element.fillStyle(property, with: shown, at: path[...])
            } else if let shown = props[PropName(rawValue: prop)] {
                element.fillProp(PropName(rawValue: prop), with: shown, at: path[...])
            }
        }
        return element
    }

    func bindSignals(_ bound: [(path: [Int], prop: String, source: LuaValue)], on screen: ScreenInstance) {
        var live: Set<PropBindingKey> = []
        for (path, prop, value) in bound {
            guard let node = screen.reconciler.node(at: path), case .reference(let source) = value else { continue }
            let key = PropBindingKey(node: node, prop: prop)
            live.insert(key)
            // Each render reads new references: compare the Lua values, so a re-render keeps its subscriptions.
            if let existing = screen.bindings[key] {
                if isSameLuaValue(existing.source, source) { continue }
                disposeBinding(existing)
                screen.bindings[key] = nil
            }
            if let binding = subscribe(source, screen: screen.id, key: key) { screen.bindings[key] = binding }
        }
        for (key, binding) in screen.bindings where !live.contains(key) {
            disposeBinding(binding)
            screen.bindings[key] = nil
        }
    }

    /// Subscribes a bound prop to its source. A `lunar.signal` object is subscribed from Swift, so
    /// a new value updates the node without calling into Lua (and so without a re-render);
    /// anything else with `:subscribe` gets a Lua subscriber.
    func subscribe(_ source: LuaReference, screen id: ScreenID, key: PropBindingKey) -> PropBinding? {
        let stack = state.stack
        _ = stack.reserve(1)
        LuaValue.reference(source).push(to: stack)
        let signal = SignalArgument.source(at: -1, in: stack)
        stack.pop()
        if let signal {
            let subscription = signal.subscribe { [weak self] event in
                switch event {
                case .next(let value): self?.boundValueChanged(screen: id, key: key, value: value)
                case .failed(let failure): self?.state.report(LuaSignalError.unhandledReport(for: failure))
                case .completed: break
                }
            }
            // A screen still open when the state closes is never closed: the state ends its bindings.
            SignalContext.of(state).endsWithState(subscription)
            return PropBinding(source: source, subscription: .native(subscription))
        }
        let onValue = state.makeFunction(named: "ui.bound") { [weak self] frame in
            let value = try frame.argument(1, as: LuaValue.self)
            self?.boundValueChanged(screen: id, key: key, value: value)
            return .results(0)
        }
        do {
            let disposable = try state.callHelper(helpers.function("subscribe", in: state), [.reference(source), .function(onValue)]).first ?? .nil
            return PropBinding(source: source, subscription: .lua(disposable))
        } catch {
            onScriptError(error)
            return nil
        }
    }

    /// Whether two references hold the same Lua value (raw equality).
    func isSameLuaValue(_ a: LuaReference, _ b: LuaReference) -> Bool {
        if a == b { return true }
        let stack = state.stack
        _ = stack.reserve(2)
        LuaValue.reference(a).push(to: stack)
        LuaValue.reference(b).push(to: stack)
        defer { stack.pop(2) }
        return stack.rawEqual(-1, -2)
    }

    /// The style key a bound prop name stands for: `style.backgroundColor` is one key of the style.
    static func boundStyleProperty(_ prop: String) -> StyleProperty? {
        guard prop.hasPrefix("style.") else { return nil }
        return StyleProperty(rawValue: String(prop.dropFirst(6)))
    }

    func boundValueChanged(screen id: ScreenID, key: PropBindingKey, value: LuaValue) {
        guard let screen = screens[id] else { return }
        if key.prop == PropName.style.rawValue || key.prop.hasPrefix("style.") {
            boundStyleChanged(screen, key: key, value: value)
            return
        }
        let name = PropName(rawValue: key.prop)
        let prop: PropValue?
        // Only a number pays the lookup: a signal's update is a hot path.
        switch value {
        case .boolean(let b): prop = .bool(b)
        case .integer(let i): prop = PropName.shownAsText.contains(name) ? .string(value.description) : .int(i)
        case .number(let d): prop = PropName.shownAsText.contains(name) ? .string(value.description) : .double(d)
        case .string(let s): prop = .string(s)
        default: prop = nil
        }
        var props = Props()
        if let prop { props[name] = prop }
        if let mutation = screen.reconciler.updateProps(props, of: key.node) {
            renderer?.apply([mutation], to: id)
            onContentChange?()
        }
    }

    /// A signal for the whole style (a style table) or for one key sent: the node's style
    /// changes by one `update`. A value the key does not take is reported, naming the element,
    /// and leaves the style as it was.
    private func boundStyleChanged(_ screen: ScreenInstance, key: PropBindingKey, value: LuaValue) {
        var style = screen.reconciler.props(of: key.node)?[.style]?.styleValue ?? Style()
        do throws(StyleError) {
            if key.prop == PropName.style.rawValue {
                style = try StyleTable.style(value, on: state.stack, path: "style")
            } else if value.isNil {
                if let property = Self.boundStyleProperty(key.prop) { style[property] = nil }
            } else {
                try style.set(String(key.prop.dropFirst(6)), StyleTable.input(value), path: "style")
            }
        } catch {
            let place = screen.reconciler.path(of: key.node).map { path in
                path.isEmpty ? "the root element" : "element at " + path.map { String($0 + 1) }.joined(separator: ".")
            } ?? "an element"
            // Blame the script's line that set the signal, when it is running now (the first
            // bundle file up the call stack; Lunar's own modules are named `lunar.*`).
            let location = (Int32(1)...Int32(12)).lazy.compactMap { self.state.stack.callerLocation(level: $0) }
                .first { $0.file.hasSuffix(".lua") }
            let message = (location.map { "\($0): " } ?? "") + "a style signal of \(screen.module), \(place): \(error.message)"
            onScriptError(LuaScriptError(kind: .runtime, message: message, location: location, traceback: nil, value: .string(message)))
            return
        }
        if let mutation = screen.reconciler.updateProps(Props([(PropName.style, .style(style))]), of: key.node) {
            renderer?.apply([mutation], to: screen.id)
            onContentChange?()
        }
    }

    func disposeBinding(_ binding: PropBinding) {
        switch binding.subscription {
        case .native(let subscription): subscription.dispose()
        case .lua(let disposable): _ = try? state.callHelper(helpers.function("dispose", in: state), [disposable])
        }
    }
}

extension Element {
    /// Sets style key `property` of the element at `path` (child indices) if its style has none.
    mutating func fillStyle(_ property: StyleProperty, with value: StyleValue, at path: ArraySlice<Int>) {
        guard let first = path.first else {
            var style = props[.style]?.styleValue ?? Style()
            if style[property] == nil {
                style[property] = value
                props[.style] = .style(style)
            }
            return
        }
        guard children.indices.contains(first) else { return }
        children[first].fillStyle(property, with: value, at: path.dropFirst())
    }
}
