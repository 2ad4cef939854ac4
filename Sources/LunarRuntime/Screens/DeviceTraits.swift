import LunarBridge
import LunarSignals
import LunarUI

/// What the renderer reports of the device the app shows on, as the properties behind
/// `ui.appearance` (docs/lua/ui.md): read-only to scripts, set from ``RendererEvent``s.
final class DeviceTraits {
    /// `"light"` or `"dark"`; light until the renderer reports otherwise.
    let appearance = Property<LuaValue>(.string(Appearance.light.rawValue))

    /// Sets the appearance; false when it is that already (nothing changes, nobody is told).
    func set(_ appearance: Appearance) -> Bool {
        let value = LuaValue.string(appearance.rawValue)
        guard self.appearance.value != value else { return false }
        self.appearance.value = value
        return true
    }
}
