import LunarUI

// How terminal keys and layout read a node.
extension MountedNode {
    /// Whether Tab and the arrows stop here: an enabled button or field, or an enabled
    /// element that handles press (a pressable row or text).
    var isFocusable: Bool {
        guard !isDisabled else { return false }
        return kind == .button || kind == .textField || events.contains(.press)
    }

    /// The string prop `name`, or "".
    func string(_ name: PropName) -> String { props[name]?.stringValue ?? "" }
}
