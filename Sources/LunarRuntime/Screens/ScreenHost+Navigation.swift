import Foundation
import LunarBridge
import LunarBundle
import LunarRouter
import LunarSignals
import LunarUI

/// Navigation: opening screens (routes, the navigator, `/navPush`), closing them, and the
/// stacks the renderer mirrors. Requests made during a transition wait (``NavigationQueue``).
extension ScreenHost {
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

    func luaParams(_ parameters: [String: RouteValue]) -> LuaValue {
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
    func performReporting(_ request: NavigationRequest) -> Bool {
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
            guard let (module, captured) = screenRoutes.screen(for: url) else {
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
    func show(module: String, target: String, params: LuaValue, modal: Bool) {
        operationDepth += 1
        defer { operationDepth -= 1 }
        let id = screens.newID()
        let instance: LuaTableReference
        do {
            instance = try state.callHelper(helpers.function("instantiate", in: state), [.string(module)])[0].tableReference()
        } catch let error as LuaScriptError {
            // The module does not load: report it, and show it in place of the screen.
            onScriptError(error)
            state.stack.pushNewTable()
            let placeholder = LuaTableReference(reference: state.stack.popReference())
            let screen = ScreenInstance(id: id, module: module, target: target, instance: placeholder, modal: modal)
            screens.open(screen)
            present(screen, error: error)
            return
        } catch {
            return
        }
        let screen = ScreenInstance(id: id, module: module, target: target, instance: instance, modal: modal)
        screen.params = params
        screens.open(screen)
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
        // The appear steps (and the covered screen's disappear steps) may change what the screen
        // shows, so it renders again after them; when none ran code, the first render stands.
        var ranCode = false
        func step(_ target: ScreenInstance?, _ method: String) {
            guard let target else { return }
            if !ranCode { ranCode = runsCode(target, method) }
            _ = lifecycle(target, method)
        }
        step(covered, "willDisappear")
        step(screen, "willAppear")
        reveal(screen)
        step(covered, "didDisappear")
        step(screen, "didAppear")
        if ranCode, visibleScreen == screen.id { render(screen) }
    }

    /// Whether lifecycle step `method` on `screen` runs any code: the screen defines the method,
    /// or a hook is on the step. Asked before the step runs (a `once` hook is gone after it).
    func runsCode(_ screen: ScreenInstance, _ method: String) -> Bool {
        guard let event = ScreenEvent(rawValue: method) else { preconditionFailure("unknown lifecycle step \(method)") }
        return !interceptors.point(for: event).isEmpty || interceptors.defines(.reference(screen.instance.reference), method)
    }

    func present(_ screen: ScreenInstance, error: LuaScriptError) {
        showOverlay(error, on: screen)
        reveal(screen)
    }

    func reveal(_ screen: ScreenInstance) {
        screens.reveal(screen)
        if screen.modal { renderer?.present(screen.id, title: screen.title) } else { renderer?.push(screen.id, title: screen.title) }
        onContentChange?()
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

    func backNow() -> Bool {
        guard let top = screens.stacks.last else { return false }
        if top.count > 1 { return popNow() }
        if screens.stacks.count > 1 { return dismissNow() }
        return false
    }

    func popNow() -> Bool {
        operationDepth += 1
        defer { operationDepth -= 1 }
        guard let top = screens.stacks.last, top.count > 1, let leaving = screens[top.last!] else {
            return screens.stacks.count > 1 ? dismissNow() : false
        }
        let uncovered = screens[top[top.count - 2]]
        _ = lifecycle(leaving, "willDisappear")
        if let uncovered { _ = lifecycle(uncovered, "willAppear") }
        screens.popTop()
        renderer?.pop(leaving.id)
        _ = lifecycle(leaving, "didDisappear")
        if let uncovered { _ = lifecycle(uncovered, "didAppear") }
        close(leaving)
        renderVisible()
        onContentChange?()
        return true
    }

    func dismissNow() -> Bool {
        operationDepth += 1
        defer { operationDepth -= 1 }
        guard screens.stacks.count > 1, let modal = screens.stacks.last else { return false }
        let leaving = modal.compactMap { screens[$0] }
        let uncovered = screens.stacks[screens.stacks.count - 2].last.flatMap { screens[$0] }
        if let top = leaving.last { _ = lifecycle(top, "willDisappear") }
        if let uncovered { _ = lifecycle(uncovered, "willAppear") }
        screens.dismissTop()
        renderer?.dismiss(modal[0])
        if let top = leaving.last { _ = lifecycle(top, "didDisappear") }
        if let uncovered { _ = lifecycle(uncovered, "didAppear") }
        for screen in leaving.reversed() { close(screen) }
        renderVisible()
        onContentChange?()
        return true
    }

    /// Runs `unload` and releases everything the screen held.
    func close(_ screen: ScreenInstance) {
        _ = lifecycle(screen, "unload")
        interceptors.screenClosed(screen.id)
        for binding in screen.bindings.values { disposeBinding(binding) }
        screen.bindings = [:]
        _ = try? state.callHelper(helpers.function("close", in: state), [.reference(screen.instance.reference)])
        screens.close(screen.id)
    }
}
