/// One change to a screen's node tree, as the ``Reconciler`` sends it to a ``Renderer``.
///
/// A renderer applies a batch of mutations in order. Each is valid against the tree as
/// the mutations before it left it:
/// - ``create(_:kind:props:events:)`` makes a detached node; an ``insert(_:parent:index:)``
///   always follows to attach it (children are created and inserted into a new parent
///   before the parent itself is attached, so a whole new subtree is built off-screen).
/// - ``update(_:_:)`` changes an attached node's props or events.
/// - ``insert(_:parent:index:)`` and ``move(_:parent:index:)`` use the index the node has
///   in its parent's children *after* the operation.
/// - ``remove(_:parent:)`` detaches a node and destroys it with its whole subtree; no
///   separate removal is sent for its descendants, and none of their ids is used again.
///
/// A `nil` parent is the screen's root slot, which holds at most one node.
public enum Mutation: Hashable, Sendable {
    /// Create a detached node of `kind` with `props`, reporting `events`.
    case create(NodeID, kind: ElementKind, props: Props, events: Set<EventName>)
    /// Apply `update` to an existing node.
    case update(NodeID, NodeUpdate)
    /// Attach a created node as child number `index` of `parent` (nil: the screen root).
    case insert(NodeID, parent: NodeID?, index: Int)
    /// Move a child of `parent` so that it becomes child number `index`.
    case move(NodeID, parent: NodeID, index: Int)
    /// Detach a child of `parent` (nil: the screen root) and destroy its subtree.
    case remove(NodeID, parent: NodeID?)

    /// The node the mutation is about.
    public var node: NodeID {
        switch self {
        case .create(let node, _, _, _), .update(let node, _), .insert(let node, _, _),
            .move(let node, _, _), .remove(let node, _):
            return node
        }
    }
}
