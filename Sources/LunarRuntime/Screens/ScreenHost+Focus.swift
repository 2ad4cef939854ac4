import LunarUI

/// `ui.focus(id)` and `ui.blur()`: a script moves keyboard focus to a `TextField` by its id, or
/// takes it away, through the renderer's ``Renderer/focus(_:on:)``.
extension ScreenHost {
    /// Asks the renderer to focus the `TextField` whose id is `elementID` on the visible screen
    /// (nil: to focus nothing). Returns nil when asked, else what is wrong, for `ui.focus` to
    /// raise at the script's line. The field must be rendered already (a field that appears in
    /// the same turn takes focus with `autoFocus`).
    func focus(elementID: String?) -> String? {
        guard let id = visibleScreen, let screen = screens[id] else {
            return elementID == nil ? nil : "no screen is shown"
        }
        guard let elementID else {
            renderer?.focus(nil, on: id)
            return nil
        }
        let named = screen.reconciler.nodes(withElementID: elementID)
        let fields = named.filter { screen.reconciler.kind(of: $0) == .textField }
        guard let node = fields.first else {
            if let other = named.first, let kind = screen.reconciler.kind(of: other) {
                return "#\(elementID) on \(screen.module) is a \(kind.rawValue), not a TextField"
            }
            return "no TextField with id '\(elementID)' on \(screen.module) (give it `id = \"\(elementID)\"`; it must be rendered)"
        }
        guard fields.count == 1 else {
            return "\(fields.count) TextFields on \(screen.module) have the id '\(elementID)'; ids must be unique"
        }
        renderer?.focus(node, on: id)
        return nil
    }
}
