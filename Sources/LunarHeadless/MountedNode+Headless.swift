import LunarUI

/// One node the headless renderer holds: the latest props and events it was sent.
final class HeadlessNode {
    let id: NodeID
    let kind: ElementKind
    var props: Props
    var events: Set<EventName>
    var children: [HeadlessNode] = []
    weak var parent: HeadlessNode?

    init(id: NodeID, kind: ElementKind, props: Props, events: Set<EventName>) {
        self.id = id
        self.kind = kind
        self.props = props
        self.events = events
    }

    /// The element id (prop `id`), if any.
    var elementID: String? { props[.id]?.stringValue }

    /// Whether the node refuses input (prop `disabled`).
    var isDisabled: Bool { props[.disabled]?.boolValue ?? false }

    /// What the node shows as its name: a button's title, a text's string, an image's alt.
    var label: String? {
        switch kind {
        case .button: return props[.title]?.stringValue
        case .text: return props[.text]?.stringValue
        case .image: return props[.alt]?.stringValue
        case .column, .row, .textField, .list, .spacer, .divider: return nil
        }
    }

    /// Whether pressing the node means something: a button, or a node that handles press.
    var isPressable: Bool { kind == .button || events.contains(.press) }

    /// The node a press on this one reaches: itself or its nearest pressable ancestor,
    /// as a touch on a row's text presses the row.
    var pressReceiver: HeadlessNode? {
        var current: HeadlessNode? = self
        while let node = current {
            if node.isPressable { return node }
            current = node.parent
        }
        return nil
    }

    /// Visits this node and its descendants in document order.
    func forEachInPreorder(_ body: (HeadlessNode) -> Void) {
        body(self)
        for child in children { child.forEachInPreorder(body) }
    }
}
