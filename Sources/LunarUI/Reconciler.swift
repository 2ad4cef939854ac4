/// Turns successive element trees of one screen into the fewest mutations that bring a
/// renderer from the previous tree to the next.
///
/// Children are matched by kind and key, unkeyed children by kind and position among
/// their unkeyed siblings of that kind (see ``reconcile(_:)``). A matched node keeps its
/// ``NodeID`` for as long as it survives; a node whose kind or key changed is removed and
/// created anew.
///
/// One reconciler serves one screen and remembers what it last sent. It is not thread-safe:
/// use it on the runtime's executor only, the same one that calls the renderer.
public final class Reconciler {
    private var root: ReconciledNode?
    private var nodes: [NodeID: ReconciledNode] = [:]
    private var lastID = 0

    /// A reconciler whose screen is empty.
    public init() {}

    /// The node in the screen's root slot, or nil when the screen is empty.
    public var rootNode: NodeID? { root?.id }

    /// How many nodes the renderer holds for this screen.
    public var nodeCount: Int { nodes.count }

    /// Records `tree` as the screen's content and returns the mutations that turn the
    /// previous content into it, in the order a renderer must apply them.
    ///
    /// For each node that survives, an ``Mutation/update(_:_:)`` carries only the props and
    /// events that differ. Among siblings, unmatched old children are removed first; then
    /// the new children are visited in order, each new one created (with its subtree) and
    /// inserted, and old ones moved only when they are off the longest run of children that
    /// kept their relative order. An unchanged tree yields no mutations.
    ///
    /// - Parameter tree: the new content, or nil to empty the screen.
    public func reconcile(_ tree: Element?) -> [Mutation] {
        var mutations: [Mutation] = []
        switch (root, tree) {
        case (nil, nil):
            break
        case (let old?, nil):
            mutations.append(.remove(old.id, parent: nil))
            forget(old)
            root = nil
        case (nil, let element?):
            let node = create(element, into: &mutations)
            mutations.append(.insert(node.id, parent: nil, index: 0))
            root = node
        case (let old?, let element?):
            if old.matches(element) {
                reconcile(old, with: element, into: &mutations)
            } else {
                mutations.append(.remove(old.id, parent: nil))
                forget(old)
                let node = create(element, into: &mutations)
                mutations.append(.insert(node.id, parent: nil, index: 0))
                root = node
            }
        }
        return mutations
    }

    /// Sets `props` on one node without re-rendering the screen (a prop bound to a signal
    /// changed) and returns the update to send, or nil when no value changed.
    ///
    /// Props not named in `props` keep their values. Returns nil for a node that no longer
    /// exists, since a late signal value may arrive after its node was removed.
    public func updateProps(_ props: Props, of node: NodeID) -> Mutation? {
        guard let record = nodes[node] else { return nil }
        let merged = record.props.merging(props)
        let changes = merged.changes(from: record.props)
        guard !changes.set.isEmpty else { return nil }
        record.props = merged
        return .update(node, NodeUpdate(props: changes.set))
    }

    /// Records that the renderer already shows `props` on `node` because the user changed
    /// them (typed into a field), so the next diff compares against what is on screen.
    /// Sends nothing; does nothing for a node that no longer exists.
    public func recordProps(_ props: Props, of node: NodeID) {
        guard let record = nodes[node] else { return }
        record.props = record.props.merging(props)
    }

    /// The mutations that build the screen's current content in an empty renderer: each node
    /// created, then its children, then inserted (the root with no parent). For a second
    /// observer of a screen that is already shown, such as the inspector's element tree.
    public func creation() -> [Mutation] {
        guard let root else { return [] }
        var mutations: [Mutation] = []
        var pending: [(node: ReconciledNode, parent: NodeID?, index: Int, inserting: Bool)] = [(root, nil, 0, false)]
        // An explicit stack, so a deep tree cannot overflow the call stack.
        while let (node, parent, index, inserting) = pending.popLast() {
            if inserting {
                mutations.append(.insert(node.id, parent: parent, index: index))
                continue
            }
            mutations.append(.create(node.id, kind: node.kind, props: node.props, events: node.events))
            pending.append((node, parent, index, true))
            for (position, child) in node.children.enumerated().reversed() {
                pending.append((child, node.id, position, false))
            }
        }
        return mutations
    }

    /// The props the renderer was last told for `node`, or nil if it does not exist.
    public func props(of node: NodeID) -> Props? {
        nodes[node]?.props
    }

    /// The node at `path` in the last tree: child indices from the root (`[]` is the root).
    public func node(at path: [Int]) -> NodeID? {
        guard var current = root else { return nil }
        for index in path {
            guard current.children.indices.contains(index) else { return nil }
            current = current.children[index]
        }
        return current.id
    }

    /// The nodes of the last tree whose `id` prop is `elementID`, in document order.
    public func nodes(withElementID elementID: String) -> [NodeID] {
        var found: [NodeID] = []
        func visit(_ node: ReconciledNode) {
            if node.props[.id]?.stringValue == elementID { found.append(node.id) }
            for child in node.children { visit(child) }
        }
        if let root { visit(root) }
        return found
    }

    /// The kind of `node`, or nil if it does not exist.
    public func kind(of node: NodeID) -> ElementKind? {
        nodes[node]?.kind
    }

    /// Where `node` sits in the last tree: child indices from the root, so the runtime can
    /// find the element (and its handlers) that produced it. Nil if the node does not exist.
    public func path(of node: NodeID) -> [Int]? {
        guard var current = nodes[node] else { return nil }
        var reversedPath: [Int] = []
        while let parent = current.parent {
            guard let index = parent.children.firstIndex(where: { $0 === current }) else { return nil }
            reversedPath.append(index)
            current = parent
        }
        return reversedPath.reversed()
    }

    // MARK: - Diffing

    private func reconcile(_ node: ReconciledNode, with element: Element, into mutations: inout [Mutation]) {
        if node.props != element.props || node.events != element.events {
            let changes = element.props.changes(from: node.props)
            let events = node.events == element.events ? nil : element.events
            mutations.append(.update(node.id, NodeUpdate(props: changes.set, removedProps: changes.removed, events: events)))
            node.props = element.props
            node.events = element.events
        }
        reconcileChildren(of: node, with: element.children, into: &mutations)
    }

    private func reconcileChildren(of parent: ReconciledNode, with elements: [Element], into mutations: inout [Mutation]) {
        let old = parent.children
        // The common case: the same children in the same order, pairwise.
        if old.count == elements.count, old.indices.allSatisfy({ old[$0].matches(elements[$0]) }) {
            // Indexing rather than zipping borrows each element instead of copying it.
            for index in old.indices {
                reconcile(old[index], with: elements[index], into: &mutations)
            }
            return
        }

        let matchedOldIndex = match(elements, to: old)
        var claimed = [Bool](repeating: false, count: old.count)
        for case let oldIndex? in matchedOldIndex { claimed[oldIndex] = true }

        for (index, child) in old.enumerated() where !claimed[index] {
            mutations.append(.remove(child.id, parent: parent.id))
            forget(child)
        }

        let survivingOldIndices = matchedOldIndex.compactMap { $0 }
        let stableMask = longestIncreasingSubsequenceMask(survivingOldIndices)
        // The renderer's children as the mutations so far left them, to compute indices.
        var current = old.indices.filter { claimed[$0] }.map { old[$0].id }
        var children: [ReconciledNode] = []
        children.reserveCapacity(elements.count)
        var survivorPosition = 0

        // Where a node placed now must go: right after its new predecessor.
        func placement(at position: Int) -> Int {
            position == 0 ? 0 : current.firstIndex(of: children[position - 1].id)! + 1
        }

        for (position, element) in elements.enumerated() {
            if let oldIndex = matchedOldIndex[position] {
                let child = old[oldIndex]
                reconcile(child, with: element, into: &mutations)
                let isStable = stableMask[survivorPosition]
                survivorPosition += 1
                children.append(child)
                if isStable { continue }
                let target = placement(at: position)
                let from = current.firstIndex(of: child.id)!
                let destination = from < target ? target - 1 : target
                if from != destination {
                    current.remove(at: from)
                    current.insert(child.id, at: destination)
                    mutations.append(.move(child.id, parent: parent.id, index: destination))
                }
            } else {
                let child = create(element, into: &mutations)
                child.parent = parent
                let target = placement(at: position)
                children.append(child)
                current.insert(child.id, at: target)
                mutations.append(.insert(child.id, parent: parent.id, index: target))
            }
        }
        parent.children = children
    }

    /// For each new child, the index of the old child it continues, if any. A key used twice
    /// matches once; the duplicate is left unmatched and will be created.
    private func match(_ elements: [Element], to old: [ReconciledNode]) -> [Int?] {
        var oldIndexByIdentity: [ChildIdentity: Int] = [:]
        oldIndexByIdentity.reserveCapacity(old.count)
        for (index, identity) in ChildIdentity.identities(of: old, kind: \.kind, key: \.key).enumerated()
        where oldIndexByIdentity[identity] == nil {
            oldIndexByIdentity[identity] = index
        }
        var matched = [Int?](repeating: nil, count: elements.count)
        for (position, identity) in ChildIdentity.identities(of: elements, kind: \.kind, key: \.key).enumerated() {
            matched[position] = oldIndexByIdentity.removeValue(forKey: identity)
        }
        return matched
    }

    /// Creates the node for `element` and its subtree, emitting a create for each node and
    /// an insert for each child; the caller attaches the returned node.
    private func create(_ element: Element, into mutations: inout [Mutation]) -> ReconciledNode {
        lastID += 1
        let node = ReconciledNode(id: NodeID(lastID), element: element)
        nodes[node.id] = node
        mutations.append(.create(node.id, kind: element.kind, props: element.props, events: element.events))
        node.children.reserveCapacity(element.children.count)
        for (index, childElement) in element.children.enumerated() {
            let child = create(childElement, into: &mutations)
            child.parent = node
            node.children.append(child)
            mutations.append(.insert(child.id, parent: node.id, index: index))
        }
        return node
    }

    /// Drops the records of `node` and its subtree.
    private func forget(_ node: ReconciledNode) {
        nodes[node.id] = nil
        for child in node.children { forget(child) }
    }
}
