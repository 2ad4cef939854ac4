import LunarUI

// How headless input and queries read a node.
extension MountedNode {
    /// The element id (prop `id`), if any.
    var elementID: String? { props[.id]?.stringValue }

    /// What the node shows as its name: a button's title, a text's string, an image's alt.
    var label: String? {
        switch kind {
        case .button: return props[.title]?.stringValue
        case .text: return props[.text]?.stringValue
        case .image: return props[.alt]?.stringValue
        case .column, .row, .textField, .list, .spacer, .divider, .view, .scrollView, .pressable, .switch,
             .activityIndicator:
            return nil
        }
    }

    /// Whether pressing the node means something: a button, or a node that handles press.
    var isPressable: Bool { kind == .button || events.contains(.press) }

    /// The node a press on this one reaches: itself or its nearest pressable ancestor,
    /// as a touch on a row's text presses the row.
    var pressReceiver: MountedNode? {
        var current: MountedNode? = self
        while let node = current {
            if node.isPressable { return node }
            current = node.parent
        }
        return nil
    }
}
