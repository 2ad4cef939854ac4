/// Whether the user's device shows a light or a dark look: what `ui.appearance` holds in Lua.
///
/// A renderer reports it as ``RendererEvent/appearance(_:)`` (a UIKit host from
/// `traitCollection.userInterfaceStyle`, the web page from `prefers-color-scheme`, the terminal
/// from `LUNAR_APPEARANCE`, headless from its `appearance` command); until one does, it is light.
public enum Appearance: String, CaseIterable, Hashable, Sendable {
    case light
    case dark
}
