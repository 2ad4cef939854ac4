import LunarLayout

/// Something the user did that a renderer reports to its ``RendererDelegate``.
public enum RendererEvent: Hashable, Sendable {
    /// The user did `event` to `node` of `screen`; reported only when the node declares it.
    /// `payload` is the new text for ``EventName/change`` and ``EventName/submit``, nil for
    /// ``EventName/press``.
    case element(screen: ScreenID, node: NodeID, event: EventName, payload: PropValue?)
    /// The user chose button number `index` of the alert; the renderer has closed it.
    case alertButton(AlertID, index: Int)
    /// The user asked to leave `screen` (back button, Esc, swipe). The renderer does not
    /// leave it on its own: the runtime runs the lifecycle and then calls
    /// ``Renderer/pop(_:)`` or ``Renderer/dismiss(_:)``.
    case back(ScreenID)
    /// The device's look is now `appearance` (the system's light or dark setting). A renderer
    /// reports it when it differs from light as its delegate is set, and on every change.
    case appearance(Appearance)
    /// The window is now `metrics` (rotated, resized, the text size changed). A renderer reports
    /// it when it differs from ``WindowMetrics/initial`` as it starts, and on every change.
    case window(WindowMetrics)
    /// `node` of `screen`, which declares ``EventName/layout``, was laid out at `frame` (points,
    /// its left and top from its parent's): reported after layout when the frame differs from
    /// the one last reported for the node, never again for an unchanged one.
    case layout(screen: ScreenID, node: NodeID, frame: LayoutFrame)
}
