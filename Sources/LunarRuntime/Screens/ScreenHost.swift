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
/// Confined to the runtime's executor, like the state it drives. Each concern has its own file:
/// navigation (`+Navigation`), lifecycle (`+Lifecycle`), rendering (`+Rendering`), signal-bound
/// props (`+Bindings`), overlays, HUD, alerts and renderer events (`+Overlays`), hot reload
/// (`+Reload`); this file holds the state they share.
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
