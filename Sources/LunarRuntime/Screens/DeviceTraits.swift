import LunarBridge
import LunarSignals
import LunarUI

/// What the renderer reports of the device the app shows on, as the properties behind
/// `ui.appearance` and `ui.window` (docs/lua/ui.md): read-only to scripts, set from ``RendererEvent``s.
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

    /// `{ width =, height =, scale =, fontScale = }`; ``WindowMetrics/initial`` until reported.
    let window = Property<LuaValue>(DeviceTraits.table(of: .initial))
    private var metrics = WindowMetrics.initial

    /// Sets the window; false when it is that already.
    func set(_ metrics: WindowMetrics) -> Bool {
        guard metrics != self.metrics else { return false }
        self.metrics = metrics
        window.value = Self.table(of: metrics)
        return true
    }

    /// The Lua table of `metrics`: whole numbers as integers (`390`, not `390.0`).
    private static func table(of metrics: WindowMetrics) -> LuaValue {
        func number(_ value: Double) -> LuaValue {
            value.rounded() == value && abs(value) < 1e15 ? .integer(Int(value)) : .number(value)
        }
        return .table(LuaTable(fields: [
            "width": number(metrics.width), "height": number(metrics.height),
            "scale": number(metrics.scale), "fontScale": number(metrics.fontScale),
        ]))
    }
}
