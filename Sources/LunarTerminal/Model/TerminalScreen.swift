import LunarUI

/// One screen the terminal renderer knows: its title, node tree, focus, error overlay and
/// how far it is scrolled.
final class TerminalScreen {
    let id: ScreenID
    var title: String?
    private(set) var root: TerminalNode?
    private(set) var nodes: [NodeID: TerminalNode] = [:]
    var error: ErrorOverlay?
    /// The focused node; nil when nothing is, or when the node went away.
    var focused: NodeID? {
        didSet { revealsFocus = true }
    }
    /// The first content line shown.
    var scrollOffset = 0
    /// Whether the next layout scrolls the focused element into view (focus moved or the
    /// user typed); scrolling by hand clears it so the view stays where the user put it.
    var revealsFocus = true

    init(id: ScreenID) {
        self.id = id
    }

    /// The focused node, if it is attached to the tree.
    var focusedNode: TerminalNode? {
        guard let focused, let node = nodes[focused], isAttached(node) else { return nil }
        return node
    }

    /// The nodes Tab and the arrows stop at, in document order.
    var focusableNodes: [TerminalNode] {
        var result: [TerminalNode] = []
        root?.forEachInPreorder { node in
            if node.isFocusable { result.append(node) }
        }
        return result
    }

    /// Whether `node` is part of the tree (not merely created).
    func isAttached(_ node: TerminalNode) -> Bool {
        var current = node
        while let parent = current.parent { current = parent }
        return current === root
    }

    /// Applies one mutation. One that breaks the protocol (an unknown node, an index out of
    /// range) is skipped: a person's terminal should keep working, and the headless
    /// renderer is the strict one that tests catch such bugs with.
    func apply(_ mutation: Mutation) {
        switch mutation {
        case .create(let id, let kind, let props, let events):
            guard nodes[id] == nil else { return }
            nodes[id] = TerminalNode(id: id, kind: kind, props: props, events: events)
        case .update(let id, let update):
            guard let node = nodes[id] else { return }
            for entry in update.props { node.props[entry.name] = entry.value }
            for name in update.removedProps { node.props[name] = nil }
            if let events = update.events { node.events = events }
        case .insert(let id, let parentID, let index):
            guard let node = nodes[id], node.parent == nil, node !== root else { return }
            if let parentID {
                guard let parent = nodes[parentID], (0...parent.children.count).contains(index) else { return }
                parent.children.insert(node, at: index)
                node.parent = parent
            } else if root == nil {
                root = node
            }
        case .move(let id, let parentID, let index):
            guard let node = nodes[id], let parent = nodes[parentID],
                let from = parent.children.firstIndex(where: { $0 === node })
            else { return }
            parent.children.remove(at: from)
            parent.children.insert(node, at: min(max(0, index), parent.children.count))
        case .remove(let id, let parentID):
            guard let node = nodes[id] else { return }
            if let parentID {
                guard let parent = nodes[parentID], let index = parent.children.firstIndex(where: { $0 === node })
                else { return }
                parent.children.remove(at: index)
                node.parent = nil
            } else {
                guard root === node else { return }
                root = nil
            }
            forget(node)
        }
    }

    private func forget(_ node: TerminalNode) {
        nodes[node.id] = nil
        if focused == node.id { focused = nil }
        for child in node.children { forget(child) }
    }
}
