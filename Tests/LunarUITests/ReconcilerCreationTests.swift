import LunarUI
import Testing

/// `Reconciler.creation()`: a second renderer (the inspector's tree) gets the screen as it is now.
@Suite struct ReconcilerCreationTests {
    /// Kinds, ids and texts in preorder, with each node's parent's kind.
    private func outline(_ tree: MountedTree) -> [String] {
        var lines: [String] = []
        tree.root?.forEachInPreorder { node in
            let text = node.props[.text]?.stringValue ?? node.props[.title]?.stringValue ?? ""
            lines.append("\(node.parent?.kind.rawValue ?? "-")>\(node.kind.rawValue) \(text)")
        }
        return lines
    }

    @Test func replayingTheCreationBuildsTheSameTreeAsTheDiffsDid() throws {
        let reconciler = Reconciler()
        let live = MountedTree()
        let first = Element.column([.text("a"), .row([.text("b"), .button("Go")]), .text("c")])
        let second = Element.column([.text("c"), .row([.button("Go"), .text("b2")]), .text("d")])
        for mutation in reconciler.reconcile(first) { try live.apply(mutation) }
        for mutation in reconciler.reconcile(second) { try live.apply(mutation) }
        let copy = MountedTree()
        for mutation in reconciler.creation() { try copy.apply(mutation) }
        #expect(outline(copy) == outline(live))
        #expect(outline(copy).count == 6)
        #expect(copy.root?.id == reconciler.rootNode)
        #expect(Reconciler().creation().isEmpty)
    }
}
