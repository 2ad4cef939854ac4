import Foundation
import LunarBridge
import LunarBundle
import LunarNetwork
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
    /// The bundle, with its manifest as it is now: a reload of `manifest.json` replaces it
    /// (see ``applyManifest(_:)``).
    public internal(set) var bundle: ScriptBundle
    /// The app's router (`lunar.router`), where the navigation routes live.
    let router: Router
    /// Manifest routes only: resolves navigation targets to screen modules.
    let screenRoutes = ScreenRoutes()
    public private(set) var renderer: (any Renderer)?
    /// The open screens and the stacks they are shown in.
    var screens = OpenScreens()
    /// The alerts shown and not yet answered.
    var alerts = OpenAlerts()
    /// Whether a render is queued or running, and the scrolls waiting for the next one.
    var renderPass = RenderPass()
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
    /// The image sources shown on some screen, where each stands, and the loader of URL sources.
    let images = ImageSources()
    /// What the renderer reported of the device (`ui.appearance`).
    let device = DeviceTraits()
    /// Where script errors go besides the screen (an overlay or a toast). Reading it gives the
    /// handler and the ``scriptErrorObserver`` together.
    public var onScriptError: (LuaScriptError) -> Void {
        get { scriptErrors.report }
        set { scriptErrors.handler = newValue }
    }
    /// Also told of each script error the host reports (nil: nobody): the inspector's console
    /// sets it while open, and setting ``onScriptError`` leaves it alone.
    package var scriptErrorObserver: ((LuaScriptError) -> Void)? {
        get { scriptErrors.observer }
        set { scriptErrors.observer = newValue }
    }
    private var scriptErrors = ScriptErrorSink()
    /// Told after the renderer was sent a change of some screen's content or of the stack
    /// (nil: nobody is told): the inspector's element tree follows the app with it.
    package var onContentChange: (() -> Void)?

    init(state: LuaState, bundle: ScriptBundle, router: Router) throws {
        self.state = state
        self.bundle = bundle
        self.router = router
        let chunk = try state.load(Self.helperSource)
        helpers = try state.callHelper(chunk, [])[0].tableReference()
        interceptors = Interceptors.installed(on: state)
        for (pattern, module) in bundle.manifest.routes.sorted(by: { $0.key < $1.key }) {
            try addManifestRoute(pattern, module: module)
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
    public var visibleScreen: ScreenID? { screens.visible }

    /// The navigation stack, bottom first: module names and whether presented.
    public var stackDescription: [(module: String, title: String?, modal: Bool)] {
        shownScreens.map { ($0.module, $0.title, $0.modal) }
    }

    /// Lua helpers the host calls; written in Lua so that metamethods and
    /// method calls happen inside protected calls, never from a Swift frame.
    static let helperSource = LuaSource("lunar.runtime", embedded: PackageResources.runtime_lua)
}


extension LuaScriptError {
    /// The message without its `file:line: ` prefix (the overlay shows the location apart).
    var overlayMessage: String {
        guard let location, message.hasPrefix(location.description + ": ") else { return message }
        return String(message.dropFirst(location.description.count + 2))
    }
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
        withView(in: state) { table in
            table.withField(name) { field in LuaFunction(reference: table.stack.reference(to: field)) }
        }
    }
}

extension ScreenHost: ScreenAddressing {
    /// The route URL the screen was opened with, when it was opened by one.
    public func address(of screen: ScreenID) -> String? {
        guard let target = screens[screen]?.target, target.hasPrefix("/") else { return nil }
        return target
    }
}
