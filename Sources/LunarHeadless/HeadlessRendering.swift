import LunarUI

/// A renderer that wraps a headless renderer (to record or decorate it) and
/// lets the headless commands reach it. Every renderer call forwards to the
/// wrapped renderer unless the wrapper implements it.
public protocol HeadlessRendering: Renderer {
    /// The headless renderer every call forwards to.
    var headlessRenderer: HeadlessRenderer { get }
}

extension HeadlessRendering {
    public var delegate: (any RendererDelegate)? {
        get { headlessRenderer.delegate }
        set { headlessRenderer.delegate = newValue }
    }
    public func push(_ screen: ScreenID, title: String?) { headlessRenderer.push(screen, title: title) }
    public func present(_ screen: ScreenID, title: String?) { headlessRenderer.present(screen, title: title) }
    public func pop(_ screen: ScreenID) { headlessRenderer.pop(screen) }
    public func dismiss(_ screen: ScreenID) { headlessRenderer.dismiss(screen) }
    public func setTitle(_ title: String?, of screen: ScreenID) { headlessRenderer.setTitle(title, of: screen) }
    public func apply(_ mutations: [Mutation], to screen: ScreenID) { headlessRenderer.apply(mutations, to: screen) }
    public func focus(_ node: NodeID?, on screen: ScreenID) { headlessRenderer.focus(node, on: screen) }
    public func showError(_ overlay: ErrorOverlay, on screen: ScreenID) { headlessRenderer.showError(overlay, on: screen) }
    public func hideError(on screen: ScreenID) { headlessRenderer.hideError(on: screen) }
    /// Forwards a script's `ui.scrollTo` to the wrapped renderer, which reports the new position.
    public func scroll(_ node: NodeID, to target: ScrollTarget, animated: Bool, on screen: ScreenID) {
        headlessRenderer.scroll(node, to: target, animated: animated, on: screen)
    }
    public func showHUD(_ text: String?) { headlessRenderer.showHUD(text) }
    public func hideHUD() { headlessRenderer.hideHUD() }
    public func showToast(_ text: String) { headlessRenderer.showToast(text) }
    public func showAlert(_ alert: Alert) { headlessRenderer.showAlert(alert) }
    public func dismissAlert(_ id: AlertID) { headlessRenderer.dismissAlert(id) }
}

extension HeadlessRenderer {
    /// The headless renderer `renderer` is or wraps (``HeadlessRendering``); nil for any other
    /// renderer. What the headless commands and the spec driver draw into.
    public static func underlying(_ renderer: (any Renderer)?) -> HeadlessRenderer? {
        (renderer as? HeadlessRenderer) ?? (renderer as? HeadlessRendering)?.headlessRenderer
    }
}
