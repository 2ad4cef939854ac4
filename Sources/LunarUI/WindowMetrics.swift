/// The window the app is shown in: what `ui.window` holds in Lua (`{ width =, height =, scale =,
/// fontScale = }`).
///
/// `width` and `height` are in points (the unit of styles), `scale` is pixels per point, and
/// `fontScale` the user's text size setting (1 is the default). A renderer reports it as
/// ``RendererEvent/window(_:)``; until one does, it is ``initial``.
public struct WindowMetrics: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var fontScale: Double

    public init(width: Double, height: Double, scale: Double = 1, fontScale: Double = 1) {
        self.width = width
        self.height = height
        self.scale = scale
        self.fontScale = fontScale
    }

    /// What the runtime assumes before a renderer reports: the headless renderer's viewport,
    /// 390 × 844 points (a phone's portrait screen), scale 1, font scale 1.
    public static let initial = WindowMetrics(width: 390, height: 844)
}
