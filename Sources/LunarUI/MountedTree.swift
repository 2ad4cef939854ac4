import LunarLayout

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
/// The tree also keeps the screen's keyboard focus, since removing the focused node clears it,
/// and a layout tree beside the nodes: ``layout(width:height:direction:scale:metrics:)`` gives
/// every node its ``MountedNode/frame``, and mutations keep the layout tree in step, so the next
/// layout computes only what changed.
///
/// Not thread-safe: confined to the runtime's executor, like every renderer.
public final class MountedTree {
    /// The node in the screen's root slot; nil while it holds none.
    public private(set) var root: MountedNode?
    /// The node with keyboard focus, as the runtime or the user last set it; a renderer sets
    /// only ids the tree holds. Cleared when that node is removed.
    public var focused: NodeID?
    private var nodes: [NodeID: MountedNode] = [:]
    private let environment = LayoutEnvironment()
    /// The constraints of the latest layout, to skip one that would change nothing.
    private var lastLayout: (root: ObjectIdentifier, width: Double?, height: Double?, direction: LayoutDirection, scale: Double)?
    /// Counts the layouts that computed frames; a renderer caching what it derives from frames
    /// (the content's extent) recomputes it when this changes.
    public private(set) var layoutVersion = 0

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
            nodes[id] = MountedNode(id: id, kind: kind, props: props, events: events, environment: environment)
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
            parent.childLayoutNode.insertChild(node.layoutNode, at: index)
            if node.kind.followsParentAxis { node.refreshLayoutStyle() }
            if parent.kind == .list { parent.refreshLayoutStyle() }   // a windowed list's length counts its rows
        case .move(let id, let parentID, let index):
            let node = try existing(id, for: mutation)
            let parent = try existing(parentID, for: mutation)
            let from = try position(of: node, in: parent, for: mutation)
            // The index is the one after the move, so it reaches one short of the count.
            guard parent.children.indices.contains(index) else { throw MutationError(mutation, .indexOutOfRange) }
            parent.children.remove(at: from)
            parent.children.insert(node, at: index)
            parent.childLayoutNode.insertChild(node.layoutNode, at: index)
        case .remove(let id, let parentID):
            let node = try existing(id, for: mutation)
            if let parentID {
                let parent = try existing(parentID, for: mutation)
                let index = try position(of: node, in: parent, for: mutation)
                parent.children.remove(at: index)
                node.parent = nil
                parent.childLayoutNode.removeChild(at: index)
                if parent.kind == .list { parent.refreshLayoutStyle() }
            } else {
                guard root === node else { throw MutationError(mutation, .notTheRoot) }
                root = nil
            }
            forget(node)
        }
    }

    /// Lays the tree out, giving every attached node its ``MountedNode/frame``.
    ///
    /// The root is laid out as `LayoutNode.calculateLayout` lays out a root: a nil `width` or
    /// `height` sizes it to its content on that axis; a given one is the viewport, which a root
    /// without a size of its own fills exactly (its content may overflow it, and a renderer
    /// scrolls). Frames are rounded to a grid of `1 / scale` points. `metrics` measures the
    /// leaves and says how thick dividers and borders are.
    ///
    /// Incremental: only what changed since the previous layout (a node's style or text, a
    /// child inserted, moved or removed) is computed again, and nothing at all when nothing
    /// changed and the arguments are the same. Measurements are cached per node; when what
    /// `metrics.measure` returns changes for an unchanged node (the renderer's font changed),
    /// call ``invalidateMeasurements()`` first.
    public func layout(
        width: Double?, height: Double?, direction: LayoutDirection = .ltr, scale: Double = 1,
        metrics: LayoutMetrics
    ) {
        environment.measure = metrics.measure
        let styleMetrics = LayoutStyleMetrics(hairline: metrics.hairline, borderThickness: metrics.borderThickness)
        if styleMetrics != environment.styleMetrics {
            environment.styleMetrics = styleMetrics
            for node in nodes.values { node.refreshLayoutStyle() }
        }
        guard let root else { return }
        if let last = lastLayout, last.root == ObjectIdentifier(root), last.width == width, last.height == height,
           last.direction == direction, last.scale == scale, !root.layoutNode.isDirty {
            return
        }
        root.layoutNode.calculateLayout(width: width, height: height, direction: direction, pointScaleFactor: scale)
        lastLayout = (ObjectIdentifier(root), width, height, direction, scale)
        layoutVersion += 1
    }

    /// Has every measured leaf measured again at the next layout: what the measure function
    /// returns changed for unchanged nodes.
    public func invalidateMeasurements() {
        for node in nodes.values where node.kind.isMeasured { node.layoutNode.markDirty() }
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
