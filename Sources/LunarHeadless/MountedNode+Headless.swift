import LunarLayout
import LunarUI

// How headless input and queries read a node.
extension MountedNode {
    /// The element id (prop `id`), if any.
    var elementID: String? { props[.id]?.stringValue }

    /// What the node shows as its name: a button's title, a text's string, an image's alt;
    /// else its accessibility label (how a `Pressable` or `Switch` is named).
    var label: String? {
        let own: String?
        switch kind {
        case .button: own = props[.title]?.stringValue
        case .text: own = props[.text]?.stringValue
        case .image: own = props[.alt]?.stringValue
        case .column, .row, .textField, .list, .spacer, .divider, .view, .scrollView, .pressable, .switch,
             .activityIndicator:
            own = nil
        }
        return own ?? accessibilityLabel
    }

    /// The accessibility label (prop `accessibilityLabel`), if any.
    var accessibilityLabel: String? { props[.accessibilityLabel]?.stringValue }

    /// Whether pressing the node means something: a button, or a node that handles press.
    var isPressable: Bool { kind == .button || events.contains(.press) }

    /// The node a long press on this one reaches: itself or its nearest ancestor that handles
    /// ``EventName/longPress``.
    var longPressReceiver: MountedNode? {
        var current: MountedNode? = self
        while let node = current {
            if node.events.contains(.longPress) { return node }
            current = node.parent
        }
        return nil
    }

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

extension MountedNode {
    /// Whether the node's length along an axis comes from its style or its parent rather than
    /// from its content: the root (it fills the viewport), a `width`/`height` or maximum in the
    /// style, a `flex` or `flexGrow` along a parent's axis, or (across a column) stretching.
    func hasOwnLength(horizontal: Bool) -> Bool {
        guard let parent else { return true }
        let style = layoutNode.style
        let length = horizontal ? style.width : style.height
        let maximum = horizontal ? style.maxWidth : style.maxHeight
        if case .points = length { return true }
        if case .percent = length { return true }
        if case .points = maximum { return true }
        if case .percent = maximum { return true }
        let alongParent = parent.laysOutInRow == horizontal
        if alongParent { return (style.flexGrow ?? 0) > 0 || (style.flex ?? 0) > 0 }
        return style.alignSelf == .stretch || (style.alignSelf == .auto && parent.childLayoutNode.style.alignItems == .stretch)
    }
}
