/// The reconciler's record of one node the renderer holds: what it was last told.
final class ReconciledNode {
    let id: NodeID
    let kind: ElementKind
    let key: String?
    var props: Props
    var events: Set<EventName>
    var children: [ReconciledNode] = []
    weak var parent: ReconciledNode?

    init(id: NodeID, element: Element) {
        self.id = id
        self.kind = element.kind
        self.key = element.key
        self.props = element.props
        self.events = element.events
    }

    /// Whether `element` is the same node in a new render: same kind and same key.
    func matches(_ element: Element) -> Bool {
        kind == element.kind && key == element.key
    }
}
