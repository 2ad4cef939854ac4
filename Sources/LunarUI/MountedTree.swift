/// One screen's node tree on the renderer's side: what the ``Mutation``s sent so far built,
/// checked against the protocol as each is applied.
///
/// Every renderer keeps one per screen and draws from it; state of its own goes beside it,
/// not into it: per screen in the renderer's screen record (a title, an error overlay, a
/// scroll position), per node in a table keyed by ``NodeID`` (a toolkit's views). A
/// renderer with such a table reads the subtree a `remove` destroys before applying it:
///
/// ```swift
/// if case .remove(let id, _) = mutation {
///     tree.node(id)?.forEachInPreorder { views[$0.id] = nil }
/// }
/// try tree.apply(mutation)
/// ```
///
/// The tree also keeps the screen's keyboard focus, since removing the focused node clears it.
///
/// Not thread-safe: confined to the runtime's executor, like every renderer.
public final class MountedTree {
    /// The node in the screen's root slot; nil while it holds none.
    public private(set) var root: MountedNode?
    /// The node with keyboard focus, as the runtime or the user last set it; a renderer sets
    /// only ids the tree holds. Cleared when that node is removed.
    public var focused: NodeID?
    private var nodes: [NodeID: MountedNode] = [:]

    /// An empty tree.
    public init() {}

    /// The node `id` names, attached or only created; nil when the tree holds none.
    public func node(_ id: NodeID) -> MountedNode? {
        nodes[id]
    }

    /// The focused node while it is attached to the tree.
    public var focusedNode: MountedNode? {
        guard let focused, let node = nodes[focused], isAttached(node) else { return nil }
        return node
    }

    /// Whether `node` is part of the tree under its root (not merely created).
    public func isAttached(_ node: MountedNode) -> Bool {
        var current = node
        while let parent = current.parent { current = parent }
        return current === root
    }

    /// Applies one mutation to the tree.
    ///
    /// - Throws: ``MutationError`` when the mutation breaks the protocol (an unknown node, an
    ///   index out of range, an empty update, ...); the tree is then left unchanged.
    public func apply(_ mutation: Mutation) throws(MutationError) {
        switch mutation {
        case .create(let id, let kind, let props, let events):
            guard nodes[id] == nil else { throw MutationError(mutation, .nodeExists) }
            nodes[id] = MountedNode(id: id, kind: kind, props: props, events: events)
        case .update(let id, let update):
            let node = try existing(id, for: mutation)
            guard !update.isEmpty else { throw MutationError(mutation, .emptyUpdate) }
            for entry in update.props { node.props[entry.name] = entry.value }
            for name in update.removedProps { node.props[name] = nil }
            if let events = update.events { node.events = events }
        case .insert(let id, let parentID, let index):
            let node = try existing(id, for: mutation)
            guard node.parent == nil, node !== root else { throw MutationError(mutation, .alreadyAttached) }
            guard let parentID else {
                guard root == nil, index == 0 else { throw MutationError(mutation, .rootTaken) }
                root = node
                return
            }
            let parent = try existing(parentID, for: mutation)
            guard !isInSubtree(parent, of: node) else { throw MutationError(mutation, .insertIntoOwnSubtree) }
            guard (0...parent.children.count).contains(index) else { throw MutationError(mutation, .indexOutOfRange) }
            parent.children.insert(node, at: index)
            node.parent = parent
        case .move(let id, let parentID, let index):
            let node = try existing(id, for: mutation)
            let parent = try existing(parentID, for: mutation)
            let from = try position(of: node, in: parent, for: mutation)
            // The index is the one after the move, so it reaches one short of the count.
            guard parent.children.indices.contains(index) else { throw MutationError(mutation, .indexOutOfRange) }
            parent.children.remove(at: from)
            parent.children.insert(node, at: index)
        case .remove(let id, let parentID):
            let node = try existing(id, for: mutation)
            if let parentID {
                let parent = try existing(parentID, for: mutation)
                let index = try position(of: node, in: parent, for: mutation)
                parent.children.remove(at: index)
                node.parent = nil
            } else {
                guard root === node else { throw MutationError(mutation, .notTheRoot) }
                root = nil
            }
            forget(node)
        }
    }

    private func existing(_ id: NodeID, for mutation: Mutation) throws(MutationError) -> MountedNode {
        guard let node = nodes[id] else { throw MutationError(mutation, .noSuchNode(id)) }
        return node
    }

    private func position(of node: MountedNode, in parent: MountedNode, for mutation: Mutation) throws(MutationError) -> Int {
        guard node.parent === parent, let index = parent.children.firstIndex(where: { $0 === node }) else {
            throw MutationError(mutation, .notAChild(of: parent.id))
        }
        return index
    }

    /// Whether `candidate` is `node` or lies beneath it.
    private func isInSubtree(_ candidate: MountedNode, of node: MountedNode) -> Bool {
        var current: MountedNode? = candidate
        while let visited = current {
            if visited === node { return true }
            current = visited.parent
        }
        return false
    }

    private func forget(_ node: MountedNode) {
        node.forEachInPreorder { removed in
            nodes[removed.id] = nil
            if focused == removed.id { focused = nil }
        }
    }
}
