import Foundation
import LunarBridge
import LunarBundle
import LunarRouter
import LunarSignals
import LunarUI

/// Props bound to signals: subscribed once per node and prop, updated without a re-render.
extension ScreenHost {
    /// A bound prop the new tree leaves empty (its signal has no `:get()`) keeps what its signal
    /// last sent, so a re-render does not blank it while the subscription goes on.
    func keepingBoundValues(of bound: [(path: [Int], prop: String, source: LuaValue)], in element: Element, on screen: ScreenInstance) -> Element {
        var element = element
        for (path, prop, value) in bound {
            let name = PropName(rawValue: prop)
            guard let node = screen.reconciler.node(at: path), case .reference(let source) = value,
                  let binding = screen.bindings[PropBindingKey(node: node, prop: prop)], isSameLuaValue(binding.source, source),
                  let shown = screen.reconciler.props(of: node)?[name] else { continue }
            element.fillProp(name, with: shown, at: path[...])
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

    func boundValueChanged(screen id: ScreenID, key: PropBindingKey, value: LuaValue) {
        guard let screen = screens[id] else { return }
        let prop: PropValue?
        switch value {
        case .boolean(let b): prop = .bool(b)
        case .integer(let i): prop = .int(i)
        case .number(let d): prop = .double(d)
        case .string(let s): prop = .string(s)
        default: prop = nil
        }
        var props = Props()
        if let prop { props[PropName(rawValue: key.prop)] = prop }
        if let mutation = screen.reconciler.updateProps(props, of: key.node) {
            renderer?.apply([mutation], to: id)
        }
    }

    func disposeBinding(_ binding: PropBinding) {
        switch binding.subscription {
        case .native(let subscription): subscription.dispose()
        case .lua(let disposable): _ = try? state.callHelper(helpers.function("dispose", in: state), [disposable])
        }
    }
}
