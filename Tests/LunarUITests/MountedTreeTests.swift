import LunarUI
import Testing

private let column = NodeID(1)
private let label = NodeID(2)
private let button = NodeID(3)

/// A column holding a text and a button, mounted in the root slot.
private func mountedColumn() throws -> MountedTree {
    let tree = MountedTree()
    for mutation: Mutation in [
        .create(column, kind: .column, props: [:], events: []),
        .create(label, kind: .text, props: ["text": "Hi"], events: []),
        .insert(label, parent: column, index: 0),
        .create(button, kind: .button, props: ["title": "Go"], events: [.press]),
        .insert(button, parent: column, index: 1),
        .insert(column, parent: nil, index: 0),
    ] {
        try tree.apply(mutation)
    }
    return tree
}

/// The reason `mutation` is refused, checking that the refusal left `tree` as it was.
private func refusal(of mutation: Mutation, by tree: MountedTree, sourceLocation: SourceLocation = #_sourceLocation) -> MutationError.Reason? {
    let before = tree.element
    do {
        try tree.apply(mutation)
        return nil
    } catch {
        #expect(error.mutation == mutation, sourceLocation: sourceLocation)
        #expect(tree.element == before, sourceLocation: sourceLocation)
        return error.reason
    }
}

@Suite struct MountedTreeTests {
    @Test func mutationsBuildTheTreeAndLookupsFindItsNodes() throws {
        let tree = try mountedColumn()
        #expect(tree.element == .column([.text("Hi"), .button("Go")]))
        let text = try #require(tree.node(label))
        #expect(text.parent === tree.root)
        #expect(tree.isAttached(text))

        try tree.apply(.update(button, NodeUpdate(props: ["disabled": true], removedProps: ["title"], events: [])))
        #expect(tree.node(button)?.props == ["disabled": true])
        #expect(tree.node(button)?.isDisabled == true)
        try tree.apply(.move(button, parent: column, index: 0))
        #expect(tree.childIDs() == [button, label])
    }

    @Test func aCreatedNodeIsHeldButNotAttachedUntilInserted() throws {
        let tree = try mountedColumn()
        try tree.apply(.create(NodeID(4), kind: .spacer, props: [:], events: []))
        let spacer = try #require(tree.node(NodeID(4)))
        #expect(!tree.isAttached(spacer))
        try tree.apply(.insert(NodeID(4), parent: column, index: 2))
        #expect(tree.isAttached(spacer))
    }

    @Test func removingANodeForgetsItsSubtreeAndClearsFocusInIt() throws {
        let tree = try mountedColumn()
        tree.focused = button
        #expect(tree.focusedNode?.id == button)
        try tree.apply(.remove(column, parent: nil))
        #expect(tree.root == nil)
        #expect(tree.node(label) == nil)
        #expect(tree.node(button) == nil)
        #expect(tree.focused == nil)
    }

    @Test func focusOnADetachedNodeIsNotAFocusedNode() throws {
        let tree = try mountedColumn()
        try tree.apply(.create(NodeID(4), kind: .button, props: ["title": "Later"], events: [.press]))
        tree.focused = NodeID(4)
        #expect(tree.focusedNode == nil)
    }

    @Test func mutationsThatBreakTheProtocolAreRefusedAndChangeNothing() throws {
        let tree = try mountedColumn()
        let unknown = NodeID(9)
        #expect(refusal(of: .create(label, kind: .text, props: [:], events: []), by: tree) == .nodeExists)
        #expect(refusal(of: .update(unknown, NodeUpdate(props: ["text": "x"])), by: tree) == .noSuchNode(unknown))
        #expect(refusal(of: .update(label, NodeUpdate()), by: tree) == .emptyUpdate)
        #expect(refusal(of: .insert(label, parent: column, index: 0), by: tree) == .alreadyAttached)
        #expect(refusal(of: .insert(column, parent: nil, index: 0), by: tree) == .alreadyAttached)
        #expect(refusal(of: .insert(label, parent: unknown, index: 0), by: tree) == .alreadyAttached)
        #expect(refusal(of: .move(label, parent: column, index: 2), by: tree) == .indexOutOfRange)
        #expect(refusal(of: .move(label, parent: column, index: -1), by: tree) == .indexOutOfRange)
        #expect(refusal(of: .move(column, parent: label, index: 0), by: tree) == .notAChild(of: label))
        #expect(refusal(of: .remove(label, parent: button), by: tree) == .notAChild(of: button))
        #expect(refusal(of: .remove(label, parent: nil), by: tree) == .notTheRoot)
        #expect(refusal(of: .remove(unknown, parent: nil), by: tree) == .noSuchNode(unknown))

        let loose = NodeID(4)
        try tree.apply(.create(loose, kind: .column, props: [:], events: []))
        #expect(refusal(of: .insert(loose, parent: nil, index: 0), by: tree) == .rootTaken)
        #expect(refusal(of: .insert(loose, parent: column, index: 3), by: tree) == .indexOutOfRange)
        #expect(refusal(of: .insert(loose, parent: unknown, index: 0), by: tree) == .noSuchNode(unknown))
        #expect(refusal(of: .insert(loose, parent: loose, index: 0), by: tree) == .insertIntoOwnSubtree)
    }

    @Test func aNodeCannotBeInsertedBeneathItself() throws {
        let tree = MountedTree()
        let outer = NodeID(1)
        let inner = NodeID(2)
        try tree.apply(.create(outer, kind: .column, props: [:], events: []))
        try tree.apply(.create(inner, kind: .row, props: [:], events: []))
        try tree.apply(.insert(inner, parent: outer, index: 0))
        #expect(refusal(of: .insert(outer, parent: inner, index: 0), by: tree) == .insertIntoOwnSubtree)
    }

    @Test func aRefusalNamesTheMutationAndTheProblem() {
        let error = MutationError(.insert(NodeID(4), parent: NodeID(1), index: 3), .indexOutOfRange)
        #expect("\(error)".hasSuffix(": index out of range"))
        #expect("\(error)".contains("n4"))
    }
}
