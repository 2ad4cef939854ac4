/// What a renderer that shows addresses (a browser's location bar and history) asks its
/// delegate: the route a screen was opened with, so that reloading that address opens it again.
///
/// Optional: a renderer checks whether its ``Renderer/delegate`` conforms. Called on the
/// runtime's executor, like every renderer call.
public protocol ScreenAddressing: AnyObject {
    /// The route URL `screen` was opened with (`/items/3`), or nil when it has none (opened
    /// by module name) or is unknown.
    func address(of screen: ScreenID) -> String?
}
