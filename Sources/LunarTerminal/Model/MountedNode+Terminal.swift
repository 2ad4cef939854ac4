import LunarUI

// How terminal keys and layout read a node.
extension MountedNode {
    /// Whether Tab and the arrows stop here: an enabled button, field or switch, or an enabled
    /// element that handles press or long press (a pressable row or text).
    var isFocusable: Bool {
        guard !isDisabled else { return false }
        return kind == .button || kind == .textField || kind == .switch || events.contains(.press) || events.contains(.longPress)
    }

    /// The string prop `name`, or "".
    func string(_ name: PropName) -> String { props[name]?.stringValue ?? "" }
}
