import CLunar
import Foundation
import LunarBridge
import LunarBundle
import LunarRouter
import LunarSignals
import LunarUI

/// The screens of a running bundle: opens screen modules, runs their
/// lifecycle in the documented order, renders them through the reconciler
/// into a renderer, and routes what the user does back to Lua.
///
/// Lifecycle of an opened screen: `load(params)` → `bindViewModel(params)` →
/// `configNavigation()` → first `render()` → `willAppear()` → (shown) →
/// `didAppear()`. Covering it sends `willDisappear`/`didDisappear`, uncovering
/// `willAppear`/`didAppear`; closing ends with `unload()`.
///
/// Confined to the runtime's executor, like the state it drives.
public final class ScreenHost: RendererDelegate {
    let state: LuaState
    public let bundle: ScriptBundle
    /// The app's router (`lunar.router`), where the navigation routes live.
    let router: Router
    /// Manifest routes only: resolves navigation targets to screen modules.
    let screenRoutes = Router()
    let routeCapture = RouteCapture()
    public private(set) var renderer: (any Renderer)?
    var screens: [ScreenID: ScreenInstance] = [:]
    /// Shown screens: the root stack, then one stack per presented modal.
    var stacks: [[ScreenID]] = []
    var nextScreenID = 1
    var alerts: [AlertID: LuaTableReference] = [:]
    var nextAlertID = 1
    var renderScheduled = false
    var rendering = false
    /// Navigation asked for during a transition or render waits here for it to end.
    let navigation = NavigationQueue()
    /// Host operations (navigation, event dispatch) render explicitly when
    /// they finish, so the Lua they run does not schedule extra renders.
    var operationDepth = 0
    let helpers: LuaTableReference
    /// A hot reload that failed: shown over whatever screen is visible until fixed.
    var reloadError: LuaScriptError?
    /// The hook points of every lifecycle step, render and view-model step.
    let interceptors: Interceptors
    /// Where script errors go besides the screen (an overlay or a toast).
    public var onScriptError: (LuaScriptError) -> Void = { _ in }

    init(state: LuaState, bundle: ScriptBundle, router: Router) throws {
        self.state = state
        self.bundle = bundle
        self.router = router
        let chunk = try state.load(Self.helperSource, name: "=lunar.runtime")
        helpers = try state.callHelper(chunk, [])[0].tableReference()
        interceptors = Interceptors.installed(on: state)
        for (pattern, module) in bundle.manifest.routes.sorted(by: { $0.key < $1.key }) {
            do {
                _ = try screenRoutes.add(pattern) { [routeCapture] match in
                    routeCapture.found = (module, match.parameters)
                    return true
                }
                _ = try router.add(pattern) { [weak self] match in
                    guard let self else { return false }
                    return self.navigate(module: module, target: match.url, parameters: match.parameters, modal: false)
                }
            } catch {
                throw BundleError("manifest.json: route '\(pattern)': \(error)")
            }
        }
        _ = try? router.add("/navPush/:screen") { [weak self] match in
            self?.navigate(named: match.parameters["screen"]?.stringValue, match: match, modal: false) ?? false
        }
        _ = try? router.add("/navPresent/:screen") { [weak self] match in
            self?.navigate(named: match.parameters["screen"]?.stringValue, match: match, modal: true) ?? false
        }
        state.onTurnEnded = { [weak self] in self?.scheduleRender() }
        interceptors.host = self
        installDefaultSetup()
    }

    // MARK: Renderer

    /// Attaches the renderer that shows the screens.
    public func attach(_ renderer: any Renderer) {
        self.renderer = renderer
        renderer.delegate = self
    }

    /// The visible screen.
    public var visibleScreen: ScreenID? { stacks.last?.last }

    /// The navigation stack, bottom first: module names and whether presented.
    public var stackDescription: [(module: String, title: String?, modal: Bool)] {
        stacks.flatMap { $0 }.compactMap { id in screens[id].map { ($0.module, $0.title, $0.modal) } }
    }

    // MARK: Opening screens

    /// Runs the bundle's `app.lua` (app-wide set-up: interceptors, `net.config`)
    /// once, before the entry route opens. An error in it is reported; the app starts anyway.
    func runAppModule() {
        guard FileManager.default.fileExists(atPath: bundle.root.appendingPathComponent("app.lua").path) else { return }
        do {
            _ = try state.callHelper(helpers.function("require", in: state), [.string("app")])
        } catch {
            onScriptError(error)
        }
    }

    /// Opens a URL through the app's router (manifest routes, `/navPush/...`).
    @discardableResult
    public func open(_ url: String, extra: [String: LuaValue] = [:]) -> Bool {
        router.open(url, extra: extra.mapValues { RouteValue.opaque($0) })
    }

    func navigate(named screen: String?, match: RouteMatch, modal: Bool) -> Bool {
        guard let screen, let module = resolveModule(screen) else { return false }
        var parameters = match.parameters
        parameters["screen"] = nil
        return navigate(module: module, target: match.url, parameters: parameters, modal: modal)
    }

    /// A screen name to a module: a manifest route `/name`, then `screens.name`, then `name`.
    func resolveModule(_ target: String) -> String? {
        if let module = bundle.manifest.routes["/" + target] { return module }
        for candidate in ["screens." + target, target] where moduleExists(candidate) { return candidate }
        return nil
    }

    func moduleExists(_ name: String) -> Bool {
        BundleManifest.isModuleName(name) && ModulePath.file(forModule: name, in: bundle.root) != nil
    }

    /// Shows `module` for a matched route (from the router: a refused request is reported, not thrown).
    func navigate(module: String, target: String, parameters: [String: RouteValue], modal: Bool) -> Bool {
        performReporting(.show(module: module, target: target, params: luaParams(parameters), modal: modal))
    }

    private func luaParams(_ parameters: [String: RouteValue]) -> LuaValue {
        var params = LuaTable()
        for (key, value) in parameters {
            switch value {
            case .string(let s): params[key] = .string(s)
            case .list(let l): params[key] = .table(LuaTable(array: l.map(LuaValue.string)))
            case .opaque(let v): params[key] = (v as? LuaValue) ?? .nil
            }
        }
        return .table(params)
    }

    /// Does `request` now, or after the transition or render that is running (see
    /// ``NavigationQueue``). Returns whether it navigated (true when queued).
    @discardableResult
    func perform(_ request: NavigationRequest) throws(LuaError) -> Bool {
        try navigation.request { [unowned self] in
            switch request {
            case .show(let module, let target, let params, let modal):
                show(module: module, target: target, params: params, modal: modal)
                return true
            case .pop: return popNow()
            case .dismiss: return dismissNow()
            case .back: return backNow()
            }
        }
    }

    /// ``perform(_:)`` for the host's own calls: a refused request is reported as a script error.
    private func performReporting(_ request: NavigationRequest) -> Bool {
        do {
            return try perform(request)
        } catch {
            onScriptError(LuaScriptError(kind: .runtime, message: error.description, location: nil, traceback: nil,
                                         value: .string(error.description)))
            return false
        }
    }

    /// Resolves a navigator target (a route URL or a module name) and opens it.
    func open(target: String, params: LuaValue, modal: Bool) throws {
        if target.hasPrefix("/") || target.contains("://") {
            let url = target
            // A manifest route: push it with the caller's params over the route's.
            routeCapture.found = nil
            guard screenRoutes.open(url), let (module, captured) = routeCapture.found else {
                throw LuaError.message("no screen route matches '\(target)'")
            }
            var merged = captured
            if case .table(let extra) = params {
                for (k, v) in extra.fields { if case .string(let key) = k { merged[key] = .opaque(v) } }
            }
            try perform(.show(module: module, target: url, params: luaParams(merged), modal: modal))
        } else {
            guard let module = resolveModule(target) ?? (moduleExists(target) ? target : nil) else {
                throw LuaError.message("no screen module '\(target)' (looked for a manifest route '/\(target)', 'screens.\(target)' and '\(target)')")
            }
            try perform(.show(module: module, target: target, params: params, modal: modal))
        }
    }

    /// Creates the screen instance, runs its lifecycle and shows it (through ``perform(_:)`` only).
    private func show(module: String, target: String, params: LuaValue, modal: Bool) {
        operationDepth += 1
        defer { operationDepth -= 1 }
        let id = ScreenID(nextScreenID)
        nextScreenID += 1
        let instance: LuaTableReference
        do {
            instance = try state.callHelper(helpers.function("instantiate", in: state), [.string(module)])[0].tableReference()
        } catch let error as LuaScriptError {
            // The module does not load: report it, and show it in place of the screen.
            onScriptError(error)
            lunar_newtable(state.L)
            let placeholder = LuaTableReference(reference: state.popReference())
            let screen = ScreenInstance(id: id, module: module, target: target, instance: placeholder, modal: modal)
            screens[id] = screen
            present(screen, error: error)
            return
        } catch {
            return
        }
        let screen = ScreenInstance(id: id, module: module, target: target, instance: instance, modal: modal)
        screen.params = params
        screens[id] = screen
        let covered = visibleScreen.flatMap { screens[$0] }

        // bindViewModel and configNavigation come from the default setup, an after-load hook.
        lifecycle(screen, "load", params)
        let failure = screen.setupFailure
        screen.loaded = failure == nil
        screen.title = readTitle(screen)
        if let failure {
            present(screen, error: failure)
            return
        }
        render(screen)
        if let covered { _ = lifecycle(covered, "willDisappear") }
        _ = lifecycle(screen, "willAppear")
        reveal(screen)
        if let covered { _ = lifecycle(covered, "didDisappear") }
        _ = lifecycle(screen, "didAppear")
        if visibleScreen == screen.id { render(screen) }  // appear hooks may have changed state
    }

    private func present(_ screen: ScreenInstance, error: LuaScriptError) {
        showOverlay(error, on: screen)
        reveal(screen)
    }

    private func reveal(_ screen: ScreenInstance) {
        if screen.modal || stacks.isEmpty {
            stacks.append([screen.id])
            if screen.modal { renderer?.present(screen.id, title: screen.title) } else { renderer?.push(screen.id, title: screen.title) }
        } else {
            stacks[stacks.count - 1].append(screen.id)
            renderer?.push(screen.id, title: screen.title)
        }
    }

    // MARK: Closing screens

    /// Closes the visible screen (or its modal stack when it is a modal's root).
    /// Returns false when there is nothing to go back to. During a transition it
    /// waits for it (see ``NavigationQueue``) and returns true.
    @discardableResult
    public func back() -> Bool { performReporting(.back) }

    /// Pops the visible screen (dismisses its modal stack when it is the stack's root).
    @discardableResult
    public func pop() -> Bool { performReporting(.pop) }

    /// Dismisses the topmost presented stack.
    @discardableResult
    public func dismiss() -> Bool { performReporting(.dismiss) }

    private func backNow() -> Bool {
        guard let top = stacks.last else { return false }
        if top.count > 1 { return popNow() }
        if stacks.count > 1 { return dismissNow() }
        return false
    }

    private func popNow() -> Bool {
        operationDepth += 1
        defer { operationDepth -= 1 }
        guard var top = stacks.last, top.count > 1, let leaving = screens[top.last!] else {
            return stacks.count > 1 ? dismissNow() : false
        }
        let uncovered = screens[top[top.count - 2]]
        _ = lifecycle(leaving, "willDisappear")
        if let uncovered { _ = lifecycle(uncovered, "willAppear") }
        top.removeLast()
        stacks[stacks.count - 1] = top
        renderer?.pop(leaving.id)
        _ = lifecycle(leaving, "didDisappear")
        if let uncovered { _ = lifecycle(uncovered, "didAppear") }
        close(leaving)
        renderVisible()
        return true
    }

    private func dismissNow() -> Bool {
        operationDepth += 1
        defer { operationDepth -= 1 }
        guard stacks.count > 1, let modal = stacks.last else { return false }
        let leaving = modal.compactMap { screens[$0] }
        let uncovered = stacks[stacks.count - 2].last.flatMap { screens[$0] }
        if let top = leaving.last { _ = lifecycle(top, "willDisappear") }
        if let uncovered { _ = lifecycle(uncovered, "willAppear") }
        stacks.removeLast()
        renderer?.dismiss(modal[0])
        if let top = leaving.last { _ = lifecycle(top, "didDisappear") }
        if let uncovered { _ = lifecycle(uncovered, "didAppear") }
        for screen in leaving.reversed() { close(screen) }
        renderVisible()
        return true
    }

    /// Runs `unload` and releases everything the screen held.
    private func close(_ screen: ScreenInstance) {
        _ = lifecycle(screen, "unload")
        interceptors.screenClosed(screen.id)
        for binding in screen.bindings.values { disposeBinding(binding) }
        screen.bindings = [:]
        _ = try? state.callHelper(helpers.function("close", in: state), [.reference(screen.instance.reference)])
        screens[screen.id] = nil
    }

    // MARK: Lifecycle

    /// Runs a lifecycle step through its hook point: calls `method` on the
    /// screen instance if it defines it; returns the error, if any. An error
    /// before the screen is loaded is its setup failure.
    @discardableResult
    func lifecycle(_ screen: ScreenInstance, _ method: String, _ argument: LuaValue? = nil) -> LuaScriptError? {
        guard let event = ScreenEvent(rawValue: method) else { preconditionFailure("unknown lifecycle step \(method)") }
        do {
            _ = try runStep(event, on: screen, argument.map { [$0] } ?? []) {
                [state, helpers] arguments throws(LuaScriptError) in
                try state.callHelper(helpers.function("call", in: state),
                                     [.reference(screen.instance.reference), .string(method)] + arguments)
            }
            return nil
        } catch {
            onScriptError(error)
            if method != "unload", method != "didDisappear", method != "willDisappear" {
                showOverlay(error, on: screen)
            }
            if !screen.loaded, screen.setupFailure == nil { screen.setupFailure = error }
            return error
        }
    }

    func readTitle(_ screen: ScreenInstance) -> String? {
        guard let value = try? state.callHelper(helpers.function("title", in: state), [.reference(screen.instance.reference)]).first else {
            return nil
        }
        return value.stringValue
    }

    // MARK: Rendering

    /// Re-renders after the current job (coalesced): called when Lua ran.
    func scheduleRender() {
        guard operationDepth == 0, !rendering, !renderScheduled, renderer != nil, let driver = state.asyncDriver else { return }
        renderScheduled = true
        let bound = ExecutorBound(self)
        driver.enqueue { bound.value.flushRender() }
    }

    /// Runs a pending re-render now (the headless driver calls this before a snapshot).
    public func flushRender() {
        guard renderScheduled else { return }
        renderScheduled = false
        renderVisible()
    }

    /// Renders every visible screen (the top of each stack is enough: covered
    /// screens render again when they are uncovered).
    public func renderVisible() {
        renderScheduled = false
        guard let id = visibleScreen, let screen = screens[id] else { return }
        render(screen)
    }

    func render(_ screen: ScreenInstance) {
        guard screen.loaded, !rendering else { return }
        // Navigation that render() asks for waits until it has been drawn.
        navigation.holding { renderHeld(screen) }
    }

    private func renderHeld(_ screen: ScreenInstance) {
        rendering = true
        defer { rendering = false }
        let L = state.L
        let stack = state.stack
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        let results: [LuaValue]
        do {
            results = try runStep(.render, on: screen, []) { [state, helpers] _ throws(LuaScriptError) in
                try state.callHelper(helpers.function("render", in: state), [.reference(screen.instance.reference)])
            }
        } catch {
            renderFailed(error, on: screen)
            return
        }
        let tree = results.first ?? .nil
        guard case .reference(let treeRef) = tree, treeRef.typeName == "table" else {
            renderFailed("render() returned \(tree.typeName), not an element", by: results.dropFirst().first, on: screen)
            return
        }
        tree.push(to: stack)
        var reader = ElementReader(stack: stack)
        let element: Element
        do {
            element = try reader.read(at: lua_gettop(L))
        } catch {
            renderFailed("render() of \(screen.module): \(error.message)", by: results.dropFirst().first, on: screen)
            return
        }
        screen.lastTree = LuaTableReference(reference: treeRef)
        let mutations = screen.reconciler.reconcile(keepingBoundValues(of: reader.bound, in: element, on: screen))
        if !mutations.isEmpty { renderer?.apply(mutations, to: screen.id) }
        if let reloadError {
            if screen.overlay?.message != reloadError.overlayMessage { showOverlay(reloadError, on: screen) }
        } else if screen.overlay != nil {
            screen.overlay = nil
            renderer?.hideError(on: screen.id)
        }
        let title = readTitle(screen)
        if title != screen.title {
            screen.title = title
            renderer?.setTitle(title, of: screen.id)
        }
        bindSignals(reader.bound, on: screen)
    }

    /// Reports a render that failed (once while its overlay shows) and shows it over the screen.
    private func renderFailed(_ error: LuaScriptError, on screen: ScreenInstance) {
        if screen.overlay?.message != error.overlayMessage { onScriptError(error) }
        showOverlay(error, on: screen)
    }

    /// A render whose result is not a tree: blamed on the render function's definition (the
    /// helper returns it beside the tree), since the line it returned from is not known.
    private func renderFailed(_ problem: String, by render: LuaValue?, on screen: ScreenInstance) {
        var location: LuaSourceLocation?
        if let render, state.stack.reserve(1) {
            render.push(to: state.stack)
            location = state.stack.definitionLocation(ofFunctionAt: -1)
            lunar_pop(state.L, 1)
        }
        let message = location.map { "\($0): \(problem)" } ?? problem
        renderFailed(LuaScriptError(kind: .runtime, message: message, location: location, traceback: nil, value: .string(message)),
                     on: screen)
    }

    // MARK: Signal-bound props

    /// A bound prop the new tree leaves empty (its signal has no `:get()`) keeps what its signal
    /// last sent, so a re-render does not blank it while the subscription goes on.
    private func keepingBoundValues(of bound: [(path: [Int], prop: String, source: LuaValue)], in element: Element, on screen: ScreenInstance) -> Element {
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

    private func bindSignals(_ bound: [(path: [Int], prop: String, source: LuaValue)], on screen: ScreenInstance) {
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
    private func subscribe(_ source: LuaReference, screen id: ScreenID, key: PropBindingKey) -> PropBinding? {
        let stack = state.stack
        _ = stack.reserve(1)
        LuaValue.reference(source).push(to: stack)
        let signal = SignalArgument.source(at: -1, in: stack)
        lunar_pop(state.L, 1)
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
    private func isSameLuaValue(_ a: LuaReference, _ b: LuaReference) -> Bool {
        if a == b { return true }
        let stack = state.stack
        _ = stack.reserve(2)
        LuaValue.reference(a).push(to: stack)
        LuaValue.reference(b).push(to: stack)
        defer { lunar_pop(state.L, 2) }
        return lua_rawequal(state.L, -1, -2) != 0
    }

    private func boundValueChanged(screen id: ScreenID, key: PropBindingKey, value: LuaValue) {
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
        if table.count > 2, case .table(let list) = table[2] {
            for entry in list.array {
                let role = entry["role"].stringValue.flatMap(Alert.Button.Role.init(rawValue:)) ?? .default
                buttons.append(Alert.Button(entry["title"].stringValue ?? "OK", role: role))
            }
        }
        let id = AlertID(nextAlertID)
        nextAlertID += 1
        alerts[id] = spec
        renderer?.showAlert(Alert(id: id, title: title, message: message, buttons: buttons.isEmpty ? [Alert.Button("OK")] : buttons))
    }

    // MARK: RendererDelegate

    public func renderer(_ renderer: any Renderer, didReport event: RendererEvent) {
        operationDepth += 1
        defer { operationDepth -= 1 }
        switch event {
        case .element(let screenID, let node, let name, let payload):
            guard let screen = screens[screenID], let path = screen.reconciler.path(of: node), let tree = screen.lastTree else { return }
            if name == .change, let payload { screen.reconciler.recordProps(Props([(PropName.value, payload)]), of: node) }
            var argument: [LuaValue] = []
            switch payload {
            case .string(let s)?: argument = [.string(s)]
            case .int(let i)?: argument = [.integer(i)]
            case .double(let d)?: argument = [.number(d)]
            case .bool(let b)?: argument = [.boolean(b)]
            case nil: break
            }
            let luaPath = LuaValue.table(LuaTable(array: path.map { .integer($0 + 1) }))
            do {
                _ = try state.callHelper(helpers.function("dispatch", in: state),
                                               [.reference(tree.reference), luaPath, .string(name.rawValue)] + argument)
            } catch {
                onScriptError(error)
                renderer.showToast("error: " + error.message)
            }
            renderVisible()
        case .alertButton(let id, let index):
            guard let spec = alerts.removeValue(forKey: id) else { return }
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
        }
    }

    /// Lua helpers the host calls; written in Lua so that metamethods and
    /// method calls happen inside protected calls, never from a Swift frame.
    static let helperSource = #"""
    local helpers = {}

    function helpers.instantiate(module)
      local definition = require(module)
      if type(definition) ~= "table" then
        error("screen module '" .. module .. "' returned " .. type(definition) .. ", not a table", 0)
      end
      -- Everything the screen ties to self.lifetime (subscriptions, requests,
      -- hooks) is disposed when it closes.
      return setmetatable({ lifetime = require("lunar.signal").lifetime() }, { __index = definition })
    end

    function helpers.require(name)
      require(name)
    end

    function helpers.call(instance, method, ...)
      local fn = instance[method]
      if fn ~= nil then return fn(instance, ...) end
    end

    function helpers.title(instance)
      local t = instance.title
      if type(t) == "function" then t = t(instance) end
      if t ~= nil then return tostring(t) end
    end

    -- The tree, and the render function (the host blames it for a tree it cannot read).
    function helpers.render(instance)
      local render = instance.render
      if render == nil then error("screen has no render() method", 0) end
      return render(instance), render
    end

    function helpers.dispatch(tree, path, event, ...)
      local node = tree
      for _, i in ipairs(path) do node = node.children[i] end
      local handler = node and node.events and node.events[event]
      if handler then return handler(...) end
    end

    function helpers.subscribe(source, onValue)
      return source:subscribe(onValue)
    end

    function helpers.dispose(disposable)
      if disposable ~= nil and disposable.dispose then disposable:dispose() end
    end

    function helpers.close(instance)
      local lifetime = rawget(instance, "lifetime")
      if lifetime ~= nil and lifetime.dispose then lifetime:dispose() end
    end

    -- A hot reload re-binds a screen: what bindViewModel tied to the old
    -- lifetime is disposed, and the next bindViewModel gets a fresh one.
    function helpers.renewLifetime(instance)
      local lifetime = rawget(instance, "lifetime")
      if lifetime ~= nil and lifetime.dispose then lifetime:dispose() end
      rawset(instance, "lifetime", require("lunar.signal").lifetime())
    end

    -- Whether a screen runs code from one of `modules`: its own module, or
    -- the module its view-model was made from.
    function helpers.uses(instance, module, modules)
      local names = {}
      for _, name in ipairs(modules) do names[name] = true end
      if names[module] then return true end
      local viewModel = rawget(instance, "viewModel")
      local meta = type(viewModel) == "table" and getmetatable(viewModel)
      local definition = meta and rawget(meta, "__index")
      if definition == nil then return false end
      for name in pairs(names) do
        if package.loaded[name] == definition then return true end
      end
      return false
    end

    function helpers.alertSpec(spec)
      local buttons = {}
      for i, b in ipairs(spec.buttons or {}) do buttons[i] = { title = b.title, role = b.role } end
      return spec.title, spec.message, buttons
    end

    function helpers.alertButton(spec, index)
      local button = (spec.buttons or {})[index]
      if button and button.onPress then button.onPress() end
    end

    return helpers
    """#
}

extension LuaScriptError {
    /// The message without its `file:line: ` prefix (the overlay shows the location apart).
    var overlayMessage: String {
        guard let location, message.hasPrefix(location.description + ": ") else { return message }
        return String(message.dropFirst(location.description.count + 2))
    }
}

/// What a manifest route matched: its screen module and parameters.
final class RouteCapture {
    var found: (module: String, parameters: [String: RouteValue])?
}

extension LuaState {
    /// Calls a host helper, keeping returned tables by reference.
    @discardableResult
    func callHelper(_ function: LuaFunction, _ arguments: [LuaValue]) throws(LuaScriptError) -> [LuaValue] {
        try callReturningAll(function, arguments, keepingReferences: true)
    }
}

extension LuaValue {
    /// The table behind a reference value (host helpers return tables by reference).
    func tableReference() throws -> LuaTableReference {
        guard case .reference(let r) = self, r.typeName == "table" else {
            throw LuaError.message("expected a table, got \(typeName)")
        }
        return LuaTableReference(reference: r)
    }
}

extension LuaTableReference {
    /// A function field (raw access), for host helper tables.
    func function(_ name: String, in state: LuaState) -> LuaFunction {
        let L = state.L
        push(to: state.stack)
        name.push(to: state.stack)
        lua_rawget(L, -2)
        let fn = LuaFunction(reference: state.popReference())
        lunar_pop(L, 1)
        return fn
    }
}

// MARK: - Hot reload

extension ScreenHost {
    /// Applies a reload's outcome: shows or clears the reload error, remounts
    /// screens of `--@refresh reset` modules, re-binds live screens that run
    /// code from an `affected` module (see ``rebind(_:)``), tells live screens
    /// (`reloaded(modules)`) and re-renders.
    func finishReload(_ report: ReloadReport, errors: [LuaScriptError], resets: Set<String>, affected: [String],
                      stillFailing: LuaScriptError?) {
        navigation.holding { finishReloadHeld(report, errors: errors, resets: resets, affected: affected, stillFailing: stillFailing) }
    }

    private func finishReloadHeld(_ report: ReloadReport, errors: [LuaScriptError], resets: Set<String>, affected: [String],
                                  stillFailing: LuaScriptError?) {
        operationDepth += 1
        defer { operationDepth -= 1 }
        reloadError = errors.first ?? stillFailing
        for screen in screens.values.sorted(by: { $0.id < $1.id }) where resets.contains(screen.module) {
            remount(screen)
        }
        if !report.reloaded.isEmpty {
            let modules = LuaValue.table(LuaTable(array: report.reloaded.map(LuaValue.string)))
            let affectedList = LuaValue.table(LuaTable(array: affected.map(LuaValue.string)))
            for screen in screens.values.sorted(by: { $0.id < $1.id }) where screen.loaded {
                // A remounted screen has just been bound from scratch.
                if !resets.contains(screen.module), usesAny(of: affectedList, screen) { rebind(screen) }
                lifecycle(screen, "reloaded", modules)
            }
        }
        if let id = visibleScreen, let screen = screens[id] {
            if screen.loaded {
                render(screen)
            } else if let reloadError {
                showOverlay(reloadError, on: screen)
            }
        }
    }

    /// Replaces a screen's instance with a fresh one of its (new) module and
    /// runs its opening lifecycle again, keeping its place in the stack.
    func remount(_ screen: ScreenInstance) {
        lifecycle(screen, "unload")
        for binding in screen.bindings.values { disposeBinding(binding) }
        screen.bindings = [:]
        _ = try? state.callHelper(helpers.function("close", in: state), [.reference(screen.instance.reference)])
        do {
            screen.instance = try state.callHelper(helpers.function("instantiate", in: state), [.string(screen.module)])[0].tableReference()
        } catch let error as LuaScriptError {
            showOverlay(error, on: screen)
            return
        } catch {
            showOverlay(message: "\(error)", on: screen)
            return
        }
        // Like opening: the default setup (an after-load hook) binds and configures.
        screen.loaded = false
        screen.setupFailure = nil
        lifecycle(screen, "load", screen.params)
        screen.loaded = screen.setupFailure == nil
        if screen.loaded { render(screen) }
    }

    /// Whether the screen's module or its view-model's module is among `modules`.
    func usesAny(of modules: LuaValue, _ screen: ScreenInstance) -> Bool {
        let result = try? state.callHelper(helpers.function("uses", in: state),
                                           [.reference(screen.instance.reference), .string(screen.module), modules])
        return result?.first?.isTruthy ?? false
    }

    /// Re-runs a live screen's bindings against new code: disposes
    /// `self.lifetime` (what `bindViewModel` tied to it), gives the screen a
    /// fresh one and calls `bindViewModel(params)` through its hook point.
    /// Fields and the view-model are kept; `load` and `initialize` do not run.
    func rebind(_ screen: ScreenInstance) {
        do {
            _ = try state.callHelper(helpers.function("renewLifetime", in: state), [.reference(screen.instance.reference)])
        } catch {
            onScriptError(error)
            showOverlay(error, on: screen)
            return
        }
        lifecycle(screen, "bindViewModel", screen.params)
    }
}

extension Element {
    /// Sets prop `name` of the element at `path` (child indices) if it has none.
    mutating func fillProp(_ name: PropName, with value: PropValue, at path: ArraySlice<Int>) {
        guard let first = path.first else {
            if props[name] == nil { props[name] = value }
            return
        }
        guard children.indices.contains(first) else { return }
        children[first].fillProp(name, with: value, at: path.dropFirst())
    }
}
