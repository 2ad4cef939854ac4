import LunarUI

/// A minimal renderer-side tree that applies mutations the way the protocol defines them,
/// so tests can check that a batch of mutations really turns the old tree into the new one.
final class TreeMirror {
    final class Node {
        let id: NodeID
        let kind: ElementKind
        var props: Props
        var events: Set<EventName>
        var children: [Node] = []

        init(id: NodeID, kind: ElementKind, props: Props, events: Set<EventName>) {
            self.id = id
            self.kind = kind
            self.props = props
            self.events = events
        }
    }

    private(set) var root: Node?
    private var nodes: [NodeID: Node] = [:]

    /// Applies `mutations`, recording a problem instead of trapping.
    func apply(_ mutations: [Mutation]) throws {
        for mutation in mutations { try apply(mutation) }
    }

    struct Violation: Error, CustomStringConvertible {
        let description: String
    }

    private func node(_ id: NodeID, _ mutation: Mutation) throws -> Node {
        guard let node = nodes[id] else { throw Violation(description: "\(mutation): unknown node \(id)") }
        return node
    }

    private func apply(_ mutation: Mutation) throws {
        switch mutation {
        case .create(let id, let kind, let props, let events):
            guard nodes[id] == nil else { throw Violation(description: "\(mutation): exists") }
            nodes[id] = Node(id: id, kind: kind, props: props, events: events)
        case .update(let id, let update):
            let node = try node(id, mutation)
            guard !update.isEmpty else { throw Violation(description: "\(mutation): empty update") }
            node.props = node.props.merging(update.props)
            for name in update.removedProps { node.props[name] = nil }
            if let events = update.events { node.events = events }
        case .insert(let id, let parent, let index):
            let node = try node(id, mutation)
            if let parent {
                let parentNode = try self.node(parent, mutation)
                guard index <= parentNode.children.count else { throw Violation(description: "\(mutation): index") }
                parentNode.children.insert(node, at: index)
            } else {
                guard root == nil, index == 0 else { throw Violation(description: "\(mutation): root taken") }
                root = node
            }
        case .move(let id, let parent, let index):
            let parentNode = try node(parent, mutation)
            guard let from = parentNode.children.firstIndex(where: { $0.id == id }) else {
                throw Violation(description: "\(mutation): not a child")
            }
            let moved = parentNode.children.remove(at: from)
            guard index <= parentNode.children.count else { throw Violation(description: "\(mutation): index") }
            parentNode.children.insert(moved, at: index)
        case .remove(let id, let parent):
            let node = try node(id, mutation)
            if let parent {
                let parentNode = try self.node(parent, mutation)
                guard let index = parentNode.children.firstIndex(where: { $0 === node }) else {
                    throw Violation(description: "\(mutation): not a child")
                }
                parentNode.children.remove(at: index)
            } else {
                guard root === node else { throw Violation(description: "\(mutation): not the root") }
                root = nil
            }
            forget(node)
        }
    }

    private func forget(_ node: Node) {
        nodes[node.id] = nil
        for child in node.children { forget(child) }
    }

    /// The mirrored tree as elements (keys are not sent to renderers, so none are set).
    var tree: Element? { root.map(element) }

    private func element(_ node: Node) -> Element {
        Element(node.kind, props: node.props, events: node.events, children: node.children.map(element))
    }

    /// The ids of the root's children, or of the children at `path`.
    func childIDs(at path: [Int] = []) -> [NodeID] {
        guard var current = root else { return [] }
        for index in path { current = current.children[index] }
        return current.children.map(\.id)
    }
}

extension Element {
    /// The tree without keys, as a renderer sees it.
    var withoutKeys: Element {
        var copy = self
        copy.key = nil
        copy.children = children.map(\.withoutKeys)
        return copy
    }
}
