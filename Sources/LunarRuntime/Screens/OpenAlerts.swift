import LunarBridge
import LunarUI

/// The alerts the renderer shows and has not answered: each one's Lua spec (whose buttons the
/// script handles) and how many buttons it showed, by the id the renderer answers with.
struct OpenAlerts {
    private var open: [AlertID: (spec: LuaTableReference, buttons: Int)] = [:]
    private var nextID = 1

    /// Keeps `spec`, shown with `buttons` buttons, under a new id.
    mutating func add(_ spec: LuaTableReference, buttons: Int) -> AlertID {
        let id = AlertID(nextID)
        nextID += 1
        open[id] = (spec, buttons)
        return id
    }

    /// The spec of alert `id` answered with button `index`, no longer open; nil (and the alert
    /// stays open for a real answer) when it is not open or showed no such button.
    mutating func answer(_ id: AlertID, button index: Int) -> LuaTableReference? {
        guard let shown = open[id], (0..<shown.buttons).contains(index) else { return nil }
        open[id] = nil
        return shown.spec
    }
}
