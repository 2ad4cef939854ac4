import LunarUI

/// One screen the headless renderer knows: its title, node tree, focus and error overlay.
final class HeadlessScreen {
    let id: ScreenID
    var title: String?
    private(set) var root: HeadlessNode?
    private(set) var nodes: [NodeID: HeadlessNode] = [:]
    var focused: NodeID?
    var error: ErrorOverlay?

    init(id: ScreenID) {
        self.id = id
    }

    /// Whether `node` is part of the tree (not merely created).
    func isAttached(_ node: HeadlessNode) -> Bool {
        var current = node
        while let parent = current.parent { current = parent }
        return current === root
    }

    /// Applies one mutation, trapping on any that breaks the protocol: the headless renderer
    /// is the strict test double, so a reconciler or runtime bug shows at its source.
    func apply(_ mutation: Mutation) {
        switch mutation {
        case .create(let id, let kind, let props, let events):
            precondition(nodes[id] == nil, "\(self.id): create \(id): the node already exists")
            nodes[id] = HeadlessNode(id: id, kind: kind, props: props, events: events)
        case .update(let id, let update):
            let node = existing(id, for: mutation)
            for entry in update.props { node.props[entry.name] = entry.value }
            for name in update.removedProps { node.props[name] = nil }
            if let events = update.events { node.events = events }
        case .insert(let id, let parentID, let index):
            let node = existing(id, for: mutation)
            precondition(node.parent == nil && node !== root, "\(self.id): \(mutation): the node is already attached")
            if let parentID {
                let parent = existing(parentID, for: mutation)
                precondition((0...parent.children.count).contains(index), "\(self.id): \(mutation): index out of range")
                parent.children.insert(node, at: index)
                node.parent = parent
            } else {
                precondition(root == nil && index == 0, "\(self.id): \(mutation): the root slot is taken")
                root = node
            }
        case .move(let id, let parentID, let index):
            let node = existing(id, for: mutation)
            let parent = existing(parentID, for: mutation)
            guard let from = parent.children.firstIndex(where: { $0 === node }) else {
                preconditionFailure("\(self.id): \(mutation): the node is not a child of \(parentID)")
            }
            parent.children.remove(at: from)
            precondition((0...parent.children.count).contains(index), "\(self.id): \(mutation): index out of range")
            parent.children.insert(node, at: index)
        case .remove(let id, let parentID):
            let node = existing(id, for: mutation)
            if let parentID {
                let parent = existing(parentID, for: mutation)
                guard let index = parent.children.firstIndex(where: { $0 === node }) else {
                    preconditionFailure("\(self.id): \(mutation): the node is not a child of \(parentID)")
                }
                parent.children.remove(at: index)
                node.parent = nil
            } else {
                precondition(root === node, "\(self.id): \(mutation): the node is not the root")
                root = nil
            }
            forget(node)
        }
    }

    private func existing(_ id: NodeID, for mutation: Mutation) -> HeadlessNode {
        guard let node = nodes[id] else {
            preconditionFailure("\(self.id): \(mutation): no node \(id)")
        }
        return node
    }

    private func forget(_ node: HeadlessNode) {
        nodes[node.id] = nil
        if focused == node.id { focused = nil }
        for child in node.children { forget(child) }
    }
}
