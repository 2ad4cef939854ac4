import LunarLayout
import LunarTestSupport
import LunarUI
import Testing

/// An element of `kind` with a style.
private func styled(_ kind: ElementKind, _ style: PropValue, id: String? = nil, props: Props = [:], _ children: [Element] = []) -> Element {
    var element = Element(kind, id: id, props: props, children: children)
    element.props[.style] = style
    return element
}

/// A tree mounted from elements, laid out with a measure that counts its calls: a character
/// is 10 × 20 points, every leaf one line.
private final class LaidOutTree {
    let tree = MountedTree()
    let reconciler = Reconciler()
    private(set) var measured: [String] = []

    init(_ element: Element) throws {
        try render(element)
    }

    func render(_ element: Element) throws {
        for mutation in reconciler.reconcile(element) { try tree.apply(mutation) }
    }

    lazy var metrics = LayoutMetrics.points { [unowned self] node, width, widthMode, _, _ in
        let label = node.props[.text]?.stringValue ?? node.props[.title]?.stringValue ?? node.kind.rawValue
        measured.append(label)
        let natural = Double(label.count) * 10
        return LayoutSize(width: widthMode == .undefined ? natural : min(natural, width), height: 20)
    }

    func layout(width: Double? = 200, height: Double? = 400) {
        measured = []
        tree.layout(width: width, height: height, metrics: metrics)
    }

    func node(_ path: [Int]) -> MountedNode {
        tree.node(reconciler.node(at: path)!)!
    }

    func frame(_ path: [Int]) -> LayoutFrame { node(path).frame }
}

private func frame(_ left: Double, _ top: Double, _ width: Double, _ height: Double) -> LayoutFrame {
    LayoutFrame(left: left, top: top, width: width, height: height)
}

@Suite struct MountedTreeLayoutTests {
    @Test("a Column stacks its children and stretches them; the root fills the viewport")
    func columnDefaults() throws {
        let laid = try LaidOutTree(.column([.text("Hello"), .button("Go")]))
        laid.layout()
        #expect(laid.frame([]) == frame(0, 0, 200, 400))
        #expect(laid.frame([0]) == frame(0, 0, 200, 20))
        #expect(laid.frame([1]) == frame(0, 20, 200, 20))
    }

    @Test("a Row lays its children side by side at their measured widths")
    func rowDefaults() throws {
        let laid = try LaidOutTree(.column([.row([.text("Hello"), .button("Go")])]))
        laid.layout()
        #expect(laid.frame([0]) == frame(0, 0, 200, 20))
        #expect(laid.frame([0, 0]) == frame(0, 0, 50, 20))
        #expect(laid.frame([0, 1]) == frame(50, 0, 20, 20))
    }

    @Test("View, List and Pressable are columns; ScrollView scrolls its axis (a row when horizontal)")
    func containerDefaults() throws {
        for kind in [ElementKind.view, .list, .pressable, .scrollView] {
            let laid = try LaidOutTree(Element(.column, children: [Element(kind, children: [.text("ab"), .text("cd")])]))
            laid.layout()
            #expect(laid.frame([0, 1]) == frame(0, 20, 200, 20), "\(kind) stacks its children")
        }
        let scroll = try LaidOutTree(Element(.column, children: [
            styled(.scrollView, style(["height": .number(30)]), [.text("a"), .text("b"), .text("c")]),
            Element(.scrollView, props: [.horizontal: true], children: [.text("abc"), .text("de")]),
        ]))
        scroll.layout()
        #expect(scroll.frame([0]) == frame(0, 0, 200, 30))
        #expect(scroll.frame([0, 2]) == frame(0, 40, 200, 20), "content beyond the ScrollView's height is laid out, not squeezed")
        #expect(scroll.frame([1, 1]) == frame(30, 0, 20, 20), "a horizontal ScrollView lays out a row")
    }

    @Test("a Spacer takes the space left on its parent's axis")
    func spacerDefaults() throws {
        let laid = try LaidOutTree(.column([
            .row([.button("A"), .spacer(), .button("B")]),
            .spacer(),
            .text("bottom"),
        ]))
        laid.layout()
        #expect(laid.frame([0, 1]) == frame(10, 0, 180, 20))
        #expect(laid.frame([0, 2]) == frame(190, 0, 10, 20))
        #expect(laid.frame([1]) == frame(0, 20, 200, 360))
        #expect(laid.frame([2]) == frame(0, 380, 200, 20), "the spacer pushes the last text to the bottom of the viewport")
    }

    @Test("a Divider is a hairline across its parent's axis, as thick as the metrics say")
    func dividerDefaults() throws {
        let laid = try LaidOutTree(.column([.text("a"), .divider(), .row([.text("b"), .divider(), .text("c")])]))
        laid.layout()
        #expect(laid.frame([1]) == frame(0, 20, 200, 1))
        #expect(laid.frame([2, 1]) == frame(10, 0, 1, 20), "in a row: vertical, stretched to the row's height")

        let cells = CellMetrics.narrow.layoutMetrics
        laid.tree.invalidateMeasurements()  // another measure function: the cached sizes are stale
        laid.tree.layout(width: 200, height: 400, metrics: cells)
        #expect(laid.frame([1]) == frame(0, 16, 200, 16), "one cell thick in the terminal's metrics")
        #expect(laid.frame([2, 1]).width == 8)
    }

    @Test("measured leaves get their size from the renderer's measure; Text shrinks to wrap")
    func measuredLeaves() throws {
        let kinds: [Element] = [
            .text("abc"), .button("abc"), .textField(placeholder: "abc"), .image(alt: "abc"),
            Element(.switch, props: [.value: true]), Element(.activityIndicator),
        ]
        let laid = try LaidOutTree(styled(.column, style(["alignItems": .string("flex-start")]), kinds))
        laid.layout()
        #expect(Set(laid.measured) == ["abc", "TextField", "Image", "Switch", "ActivityIndicator"])
        #expect(laid.frame([0]).width == 30)
        #expect(laid.frame([1]).width == 30)
        #expect(laid.frame([4]).width == 60)

        let wrapping = try LaidOutTree(.column([.row([.button("Go"), .text("one two three four")])]))
        wrapping.tree.layout(width: 120, height: 100, metrics: CellMetrics.narrow.layoutMetrics)
        // 15 columns: the button takes 6, the text shrinks to 9 and wraps in three lines.
        #expect(wrapping.frame([0, 1]) == frame(48, 0, 72, 48))
    }

    @Test("the element's style is laid over the kind's defaults; borders snap to cells in cell metrics")
    func styleOverDefaults() throws {
        let laid = try LaidOutTree(.column([
            styled(.row, style(["flexDirection": .string("column"), "padding": .number(8)]), [.text("a"), .text("b")]),
            styled(.view, style(["borderWidth": .number(1), "width": .number(100)]), [.text("c")]),
        ]))
        laid.layout()
        #expect(laid.frame([0, 1]) == frame(8, 28, 184, 20))
        #expect(laid.frame([1, 0]) == frame(1, 1, 98, 20))
        laid.tree.invalidateMeasurements()
        laid.tree.layout(width: 200, height: 400, metrics: CellMetrics.narrow.layoutMetrics)
        #expect(laid.frame([1]) == frame(0, 48, 100, 48), "a 1-point border is one cell: 16 points at the top and bottom")
        #expect(laid.frame([1, 0]) == frame(8, 16, 84, 16))
    }

    @Test("absolute frames add the ancestors' offsets")
    func absoluteFrames() throws {
        let laid = try LaidOutTree(.column([
            .text("top"),
            styled(.view, style(["padding": .number(5)]), [.row([.text("a"), .text("b")])]),
        ]))
        laid.layout()
        #expect(laid.node([1, 0, 1]).frame == frame(10, 0, 10, 20))
        #expect(laid.node([1, 0, 1]).absoluteFrame == frame(15, 25, 10, 20))
    }

    @Test("a text change measures that leaf again and nothing else")
    func textChangeIsIncremental() throws {
        let rows = (0..<50).map { Element.row(key: "\($0)", [.text("item \($0)"), .spacer(), .button("Open")]) }
        let laid = try LaidOutTree(.column([.text("Title"), .list(rows)]))
        laid.layout()
        #expect(Set(laid.measured).count == 52)
        let versionBefore = laid.tree.layoutVersion

        laid.layout()
        #expect(laid.measured.isEmpty, "nothing changed: nothing measured")
        #expect(laid.tree.layoutVersion == versionBefore, "nor laid out")

        var changed = rows
        changed[7] = .row(key: "7", [.text("item seven, renamed"), .spacer(), .button("Open")])
        try laid.render(.column([.text("Title"), .list(changed)]))
        #expect(laid.node([1, 7, 0]).needsLayout)
        #expect(laid.node([1, 7]).needsLayout && laid.node([1]).needsLayout && laid.node([]).needsLayout)
        #expect(!laid.node([1, 6]).needsLayout && !laid.node([1, 8, 0]).needsLayout, "siblings stay clean")
        laid.layout()
        #expect(Set(laid.measured) == ["item seven, renamed"])
        #expect(laid.frame([1, 7, 0]).width == 160, "shrunk to leave the button its width")
        #expect(laid.frame([1, 8]).top == 160, "the rows below keep their place")
    }

    @Test("a style change restyles only that node; an equal style marks nothing")
    func styleChangeIsIncremental() throws {
        let body = { (padding: Double) -> Element in
            .column([styled(.view, style(["padding": .number(padding)]), [.text("a")]), .text("b")])
        }
        let laid = try LaidOutTree(body(4))
        laid.layout()
        try laid.render(body(4))
        #expect(!laid.node([]).needsLayout)
        var recoloured = body(4)
        recoloured.children[0].props[.style] = style(["padding": .number(4), "backgroundColor": .string("tomato")])
        try laid.render(recoloured)
        #expect(!laid.node([]).needsLayout, "a visual key does not change the layout")
        try laid.render(body(6))
        #expect(laid.node([0]).needsLayout && !laid.node([0, 0]).needsLayout && !laid.node([1]).needsLayout)
        laid.layout()
        #expect(Set(laid.measured) == ["a"], "only the restyled box's content is measured again (it is narrower)")
        #expect(laid.frame([0, 0]) == frame(6, 6, 188, 20))
        #expect(laid.frame([1]).top == 32)
    }

    @Test("inserts, moves and removes keep the layout tree in step")
    func mutationsKeepLayoutInStep() throws {
        let rows = { (keys: [String]) -> Element in .column(keys.map { .text($0, key: $0) }) }
        let laid = try LaidOutTree(rows(["a", "b", "c"]))
        laid.layout()
        try laid.render(rows(["c", "a", "dd", "b"]))
        laid.layout()
        #expect(laid.measured.contains("dd") && !laid.measured.contains("a") && !laid.measured.contains("b"),
                "the new leaf is measured, the ones that stayed are not")
        #expect(laid.tree.root!.children.map(\.frame.top) == [0, 20, 40, 60])
        #expect(laid.tree.root!.children.map { $0.props[.text]!.stringValue! } == ["c", "a", "dd", "b"])
        try laid.render(rows(["b"]))
        laid.layout()
        #expect(laid.frame([0]) == frame(0, 0, 200, 20))

        // A divider moved from a column into a row turns vertical.
        let divided = try LaidOutTree(.column([.divider(), .row([.text("x")])]))
        divided.layout()
        let divider = divided.node([0])
        try divided.tree.apply(.remove(divided.node([1]).id, parent: divided.node([]).id))
        try divided.tree.apply(.create(NodeID(900), kind: .row, props: [:], events: []))
        try divided.tree.apply(.insert(NodeID(900), parent: divided.node([]).id, index: 1))
        try divided.tree.apply(.remove(divider.id, parent: divided.node([]).id))
        try divided.tree.apply(.create(NodeID(901), kind: .divider, props: [:], events: []))
        try divided.tree.apply(.insert(NodeID(901), parent: NodeID(900), index: 0))
        divided.layout()
        #expect(divided.tree.node(NodeID(901))!.frame == frame(0, 0, 1, 0))
    }

    @Test("display none takes no space")
    func displayNone() throws {
        let laid = try LaidOutTree(.column([styled(.text, style(["display": .string("none")]), props: [.text: "gone"]), .text("b")]))
        laid.layout()
        #expect(laid.frame([1]).top == 0)
        #expect(laid.frame([0]) == frame(0, 0, 0, 0))
    }

    @Test("right-to-left rows mirror")
    func rightToLeft() throws {
        let laid = try LaidOutTree(.row([.text("ab"), .text("c")]))
        laid.tree.layout(width: 100, height: 20, direction: .rtl, metrics: laid.metrics)
        #expect(laid.frame([0]) == frame(80, 0, 20, 20))
        #expect(laid.node([0]).layoutDirection == .rtl)
    }
}
