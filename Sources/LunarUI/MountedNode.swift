/// One node of a ``MountedTree``: what the mutations so far say it is.
///
/// A renderer reads a node to draw it and may set its ``props`` to show what the user did
/// before the runtime hears of it (a text field's `value` as typed). Everything else
/// changes only through ``MountedTree/apply(_:)``.
///
/// Not thread-safe: confined to the runtime's executor, like its tree.
public final class MountedNode {
    /// The id the ``Reconciler`` gave the node.
    public let id: NodeID
    /// The node's kind, fixed for its life.
    public let kind: ElementKind
    /// The latest props: as created, with every update laid over them.
    public var props: Props
    /// The events the node handles.
    public internal(set) var events: Set<EventName>
    /// The children, in order.
    public internal(set) var children: [MountedNode] = []
    /// The node whose child this is; nil for the root and for a node not yet inserted.
    public internal(set) weak var parent: MountedNode?

    init(id: NodeID, kind: ElementKind, props: Props, events: Set<EventName>) {
        self.id = id
        self.kind = kind
        self.props = props
        self.events = events
    }

    /// Whether the node refuses input (prop `disabled`).
    public var isDisabled: Bool { props[.disabled]?.boolValue ?? false }

    /// Visits this node and its descendants in document order.
    public func forEachInPreorder(_ body: (MountedNode) -> Void) {
        body(self)
        for child in children { child.forEachInPreorder(body) }
    }
}
