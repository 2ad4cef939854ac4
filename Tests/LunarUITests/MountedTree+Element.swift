import LunarUI

// Reading a mounted tree back as elements, so tests can check that a batch of mutations
// really turns the old tree into the new one.
extension MountedTree {
    /// The tree as elements (keys are not sent to renderers, so none are set).
    var element: Element? { root.map(\.element) }

    /// The ids of the root's children, or of the children at `path`.
    func childIDs(at path: [Int] = []) -> [NodeID] {
        guard var current = root else { return [] }
        for index in path { current = current.children[index] }
        return current.children.map(\.id)
    }
}

extension MountedNode {
    /// The node and its subtree as an element.
    var element: Element {
        Element(kind, props: props, events: events, children: children.map(\.element))
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
