import LunarUI

/// One node the terminal renderer holds: the latest props and events it was sent.
final class TerminalNode {
    let id: NodeID
    let kind: ElementKind
    var props: Props
    var events: Set<EventName>
    var children: [TerminalNode] = []
    weak var parent: TerminalNode?

    init(id: NodeID, kind: ElementKind, props: Props, events: Set<EventName>) {
        self.id = id
        self.kind = kind
        self.props = props
        self.events = events
    }

    /// Whether the node refuses input (prop `disabled`).
    var isDisabled: Bool { props[.disabled]?.boolValue ?? false }

    /// Whether Tab and the arrows stop here: an enabled button or field, or an enabled
    /// element that handles press (a pressable row or text).
    var isFocusable: Bool {
        guard !isDisabled else { return false }
        return kind == .button || kind == .textField || events.contains(.press)
    }

    /// The string prop `name`, or "".
    func string(_ name: PropName) -> String { props[name]?.stringValue ?? "" }

    /// Visits this node and its descendants in document order.
    func forEachInPreorder(_ body: (TerminalNode) -> Void) {
        body(self)
        for child in children { child.forEachInPreorder(body) }
    }
}
