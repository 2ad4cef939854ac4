import LunarUI
import LunarTestSupport
import Testing

private func rows(_ keys: [String]) -> Element {
    .list(keys.map { key in .row(key: key, [.text("Item \(key)")]) })
}

/// Reconciles `tree` into a mounted tree, as a renderer would, and checks it then equals the tree.
private func reconcile(
    _ tree: Element?, with reconciler: Reconciler, mirror: MountedTree,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> [Mutation] {
    let mutations = reconciler.reconcile(tree)
    for mutation in mutations { try mirror.apply(mutation) }
    #expect(mirror.element == tree?.withoutKeys, sourceLocation: sourceLocation)
    return mutations
}

@Suite struct ReconcilerTests {
    @Test func firstRenderCreatesEveryNodeBeforeAttachingTheRoot() {
        let reconciler = Reconciler()
        let mutations = reconciler.reconcile(.column([.text("Hi"), .button("Go", id: "go")]))
        #expect(mutations == [
            .create(NodeID(1), kind: .column, props: [:], events: []),
            .create(NodeID(2), kind: .text, props: ["text": "Hi"], events: []),
            .insert(NodeID(2), parent: NodeID(1), index: 0),
            .create(NodeID(3), kind: .button, props: ["id": "go", "title": "Go"], events: [.press]),
            .insert(NodeID(3), parent: NodeID(1), index: 1),
            .insert(NodeID(1), parent: nil, index: 0),
        ])
        #expect(reconciler.rootNode == NodeID(1))
        #expect(reconciler.nodeCount == 3)
    }

    @Test func anUnchangedTreeYieldsNoMutations() {
        let reconciler = Reconciler()
        let tree = Element.column([.text("Hi"), rows(["a", "b"]), .textField(placeholder: "Name")])
        _ = reconciler.reconcile(tree)
        #expect(reconciler.reconcile(tree) == [])
    }

    @Test func aChangedPropIsTheOnlyThingSent() {
        let reconciler = Reconciler()
        _ = reconciler.reconcile(.column([.text("Hi"), .button("Go")]))
        #expect(reconciler.reconcile(.column([.text("Bye"), .button("Go")])) == [
            .update(NodeID(2), NodeUpdate(props: ["text": "Bye"]))
        ])
    }

    @Test func aDroppedPropIsReportedRemovedAndChangedEventsAreSent() {
        let reconciler = Reconciler()
        _ = reconciler.reconcile(.button("Go", disabled: true))
        #expect(reconciler.reconcile(.button("Go", events: [])) == [
            .update(NodeID(1), NodeUpdate(removedProps: ["disabled"], events: []))
        ])
    }

    @Test func oneChangedRowOfAThousandIsExactlyOneUpdate() throws {
        let keys = (0..<1000).map(String.init)
        let reconciler = Reconciler()
        _ = reconciler.reconcile(rows(keys))
        var changed = rows(keys)
        changed.children[500].children[0] = .text("Changed")
        let mutations = reconciler.reconcile(changed)
        let textNode = try #require(reconciler.node(at: [500, 0]))
        #expect(mutations == [.update(textNode, NodeUpdate(props: ["text": "Changed"]))])
    }

    @Test func insertingARowCreatesOnlyThatRow() throws {
        let reconciler = Reconciler()
        let mirror = MountedTree()
        _ = try reconcile(rows(["a", "b", "c"]), with: reconciler, mirror: mirror)
        let before = mirror.childIDs()
        let mutations = try reconcile(rows(["a", "x", "b", "c"]), with: reconciler, mirror: mirror)
        let list = try #require(reconciler.rootNode)
        #expect(mutations == [
            .create(NodeID(8), kind: .row, props: [:], events: []),
            .create(NodeID(9), kind: .text, props: ["text": "Item x"], events: []),
            .insert(NodeID(9), parent: NodeID(8), index: 0),
            .insert(NodeID(8), parent: list, index: 1),
        ])
        #expect(mirror.childIDs() == [before[0], NodeID(8), before[1], before[2]])
    }

    @Test func removingARowRemovesOnlyItsNode() throws {
        let reconciler = Reconciler()
        let mirror = MountedTree()
        _ = try reconcile(rows(["a", "b", "c"]), with: reconciler, mirror: mirror)
        let before = mirror.childIDs()
        let mutations = try reconcile(rows(["a", "c"]), with: reconciler, mirror: mirror)
        #expect(mutations == [.remove(before[1], parent: reconciler.rootNode)])
        #expect(reconciler.nodeCount == 5)
    }

    @Test func movingTheFirstRowToTheEndIsOneMove() throws {
        let reconciler = Reconciler()
        let mirror = MountedTree()
        _ = try reconcile(rows(["a", "b", "c", "d"]), with: reconciler, mirror: mirror)
        let before = mirror.childIDs()
        let list = try #require(reconciler.rootNode)
        #expect(try reconcile(rows(["b", "c", "d", "a"]), with: reconciler, mirror: mirror) == [
            .move(before[0], parent: list, index: 3)
        ])
        #expect(try reconcile(rows(["a", "b", "c", "d"]), with: reconciler, mirror: mirror) == [
            .move(before[0], parent: list, index: 0)
        ])
    }

    @Test func reversingFiveRowsKeepsOneAndMovesFour() throws {
        let reconciler = Reconciler()
        let mirror = MountedTree()
        _ = try reconcile(rows(["a", "b", "c", "d", "e"]), with: reconciler, mirror: mirror)
        let before = mirror.childIDs()
        let mutations = try reconcile(rows(["e", "d", "c", "b", "a"]), with: reconciler, mirror: mirror)
        #expect(mutations.count == 4)
        #expect(mutations.allSatisfy { if case .move = $0 { true } else { false } })
        #expect(mirror.childIDs() == before.reversed())
    }

    @Test func aKeyThatChangesKindIsReplaced() throws {
        let reconciler = Reconciler()
        let mirror = MountedTree()
        _ = try reconcile(.column([.text("A", key: "k")]), with: reconciler, mirror: mirror)
        let mutations = try reconcile(.column([.button("A", key: "k")]), with: reconciler, mirror: mirror)
        #expect(mutations == [
            .remove(NodeID(2), parent: NodeID(1)),
            .create(NodeID(3), kind: .button, props: ["title": "A"], events: [.press]),
            .insert(NodeID(3), parent: NodeID(1), index: 0),
        ])
    }

    @Test func unkeyedChildrenMatchByPositionAmongTheirKind() throws {
        let reconciler = Reconciler()
        let mirror = MountedTree()
        _ = try reconcile(.column([.text("A"), .button("Go")]), with: reconciler, mirror: mirror)
        // A new Text ahead of the Button must not cost the Button its node.
        let mutations = try reconcile(.column([.text("B"), .text("A"), .button("Go")]), with: reconciler, mirror: mirror)
        #expect(mutations == [
            .update(NodeID(2), NodeUpdate(props: ["text": "B"])),
            .create(NodeID(4), kind: .text, props: ["text": "A"], events: []),
            .insert(NodeID(4), parent: NodeID(1), index: 1),
        ])
        #expect(mirror.childIDs() == [NodeID(2), NodeID(4), NodeID(3)])
    }

    @Test func aNewRootKindReplacesTheRootAndNilEmptiesTheScreen() throws {
        let reconciler = Reconciler()
        let mirror = MountedTree()
        _ = try reconcile(.column([.text("A")]), with: reconciler, mirror: mirror)
        #expect(try reconcile(.text("B"), with: reconciler, mirror: mirror) == [
            .remove(NodeID(1), parent: nil),
            .create(NodeID(3), kind: .text, props: ["text": "B"], events: []),
            .insert(NodeID(3), parent: nil, index: 0),
        ])
        #expect(try reconcile(nil, with: reconciler, mirror: mirror) == [.remove(NodeID(3), parent: nil)])
        #expect(reconciler.rootNode == nil)
        #expect(reconciler.nodeCount == 0)
        #expect(reconciler.reconcile(nil) == [])
    }

    @Test func duplicateKeysStillProduceTheNewTree() throws {
        let reconciler = Reconciler()
        let mirror = MountedTree()
        _ = try reconcile(rows(["a", "a", "b"]), with: reconciler, mirror: mirror)
        _ = try reconcile(rows(["b", "a", "a", "a"]), with: reconciler, mirror: mirror)
        _ = try reconcile(rows(["a"]), with: reconciler, mirror: mirror)
    }

    @Test func aSignalDrivenPropUpdatesOneNodeAndIsRemembered() throws {
        let reconciler = Reconciler()
        _ = reconciler.reconcile(.column([.text("Count: 0"), .button("Add")]))
        let label = try #require(reconciler.node(at: [0]))
        #expect(reconciler.updateProps(["text": "Count: 1"], of: label) == .update(label, NodeUpdate(props: ["text": "Count: 1"])))
        #expect(reconciler.updateProps(["text": "Count: 1"], of: label) == nil)
        #expect(reconciler.props(of: label) == ["text": "Count: 1"])
        // A later full render diffs against the value the signal set.
        #expect(reconciler.reconcile(.column([.text("Count: 1"), .button("Add")])) == [])
        #expect(reconciler.updateProps(["text": "x"], of: NodeID(99)) == nil)
    }

    @Test func propsTheUserChangedAreRecordedWithoutAMutation() throws {
        let reconciler = Reconciler()
        _ = reconciler.reconcile(.textField(placeholder: "Name"))
        let field = try #require(reconciler.rootNode)
        reconciler.recordProps(["value": "bob"], of: field)
        #expect(reconciler.reconcile(.textField(placeholder: "Name", value: "bob")) == [])
        // A view-model that rejects the text renders the old value, which must reach the screen.
        #expect(reconciler.reconcile(.textField(placeholder: "Name", value: "")) == [
            .update(field, NodeUpdate(props: ["value": ""]))
        ])
    }

    @Test func pathsAndNodesFindEachOtherAfterMoves() throws {
        let reconciler = Reconciler()
        _ = reconciler.reconcile(.column([.text("Title"), rows(["a", "b", "c"])]))
        let rowB = try #require(reconciler.node(at: [1, 1]))
        let textB = try #require(reconciler.node(at: [1, 1, 0]))
        _ = reconciler.reconcile(.column([.text("Title"), rows(["b", "c", "a"])]))
        #expect(reconciler.path(of: rowB) == [1, 0])
        #expect(reconciler.path(of: textB) == [1, 0, 0])
        #expect(reconciler.node(at: [1, 0]) == rowB)
        #expect(reconciler.path(of: try #require(reconciler.rootNode)) == [])
        #expect(reconciler.node(at: [1, 7]) == nil)
        _ = reconciler.reconcile(.column([.text("Title"), rows(["c"])]))
        #expect(reconciler.path(of: rowB) == nil)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func randomEditsAlwaysReachTheNewTreeAndKeepSurvivorsIDs(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let reconciler = Reconciler()
        let mirror = MountedTree()
        var keys = (0..<20).map { "k\($0)" }
        var nextKey = 20
        var labels: [String: String] = [:]
        func tree() -> Element {
            .column([
                .text("Header \(random.next() % 3)"),
                .list(keys.map { key in
                    .row(key: key, [.text(labels[key] ?? key), .button("Edit", disabled: key.hasSuffix("3"))])
                }),
                random.next() % 2 == 0 ? .spacer() : .divider(),
            ])
        }
        _ = try reconcile(tree(), with: reconciler, mirror: mirror)
        for _ in 0..<60 {
            var idsByKey: [String: NodeID] = [:]
            for (index, key) in keys.enumerated() { idsByKey[key] = reconciler.node(at: [1, index]) }
            switch random.next() % 5 {
            case 0: keys.insert("k\(nextKey)", at: Int(random.next() % UInt64(keys.count + 1))); nextKey += 1
            case 1 where !keys.isEmpty: keys.remove(at: Int(random.next() % UInt64(keys.count)))
            case 2: keys.shuffle(using: &random)
            case 3 where !keys.isEmpty: labels[keys[Int(random.next() % UInt64(keys.count))]] = "edited \(nextKey)"; nextKey += 1
            default: keys.swapAt(0, keys.count - 1)
            }
            let mutations = try reconcile(tree(), with: reconciler, mirror: mirror)
            let moves = mutations.filter { if case .move = $0 { true } else { false } }.count
            #expect(moves < max(keys.count, 1))
            for (index, key) in keys.enumerated() {
                if let old = idsByKey[key] { #expect(reconciler.node(at: [1, index]) == old) }
            }
        }
    }
}
