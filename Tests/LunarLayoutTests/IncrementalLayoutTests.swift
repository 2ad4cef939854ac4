import LunarLayout
import Testing

/// A text leaf whose size follows its text, 8 points a character on one line of 16; counts its measures.
final class TextLeaf {
    var text: String
    var measures = 0
    let node = LayoutNode()
    init(_ text: String) {
        self.text = text
        node.measure = { [unowned self] width, mode, _, _ in
            measures += 1
            let natural = Double(self.text.count) * 8
            let lines = mode == .undefined || width >= natural ? 1 : (natural / max(width, 8)).rounded(.up)
            return LayoutSize(width: mode == .undefined ? natural : min(natural, width), height: 16 * lines)
        }
    }
    func set(_ text: String) {
        self.text = text
        node.markDirty()
    }
}

/// A screen of `rows` rows: an avatar, a column of two text leaves, a button; 1 + 6 × rows nodes.
struct Screen {
    let root: LayoutNode
    let titles: [TextLeaf]
    let subtitles: [TextLeaf]

    init(rows: Int) {
        var titles: [TextLeaf] = [], subtitles: [TextLeaf] = []
        var rowNodes: [LayoutNode] = []
        for index in 0..<rows {
            let title = TextLeaf("Item \(index)"), subtitle = TextLeaf("Subtitle of item \(index)")
            titles.append(title)
            subtitles.append(subtitle)
            let avatar = LayoutNode(style: LayoutStyle { $0.width = 40; $0.height = 40 })
            let texts = LayoutNode(style: LayoutStyle { $0.flex = 1; $0.rowGap = 4 }, children: [title.node, subtitle.node])
            let button = LayoutNode(style: LayoutStyle { $0.width = 60; $0.height = 32 })
            rowNodes.append(LayoutNode(style: LayoutStyle {
                $0.flexDirection = .row
                $0.alignItems = .center
                $0.padding = LayoutEdges(all: 8)
                $0.columnGap = 8
            }, children: [avatar, texts, button]))
        }
        root = LayoutNode(style: LayoutStyle { $0.padding.vertical = 12 }, children: rowNodes)
        self.titles = titles
        self.subtitles = subtitles
    }

    var measures: Int { (titles + subtitles).reduce(0) { $0 + $1.measures } }
}

@Suite struct IncrementalLayoutTests {
    @Test func relayoutOfAnUnchangedTreeDoesNothing() {
        let screen = Screen(rows: 10)
        screen.root.calculateLayout(width: 320, height: nil)
        let before = screen.measures
        screen.root.calculateLayout(width: 320, height: nil)
        #expect(screen.measures == before)
        #expect(screen.root.lastPassStatistics == LayoutPassStatistics())
    }

    @Test func changingOneLeafsTextMeasuresOnlyThatLeaf() {
        let screen = Screen(rows: 167)  // 1 + 6 × 167 = 1,003 nodes
        screen.root.calculateLayout(width: 320, height: nil)
        let frames = screen.root.children.map(\.frame)
        let before = screen.titles.map(\.measures) + screen.subtitles.map(\.measures)

        screen.titles[80].set("A longer title on two lines")
        screen.root.calculateLayout(width: 320, height: nil)

        let after = screen.titles.map(\.measures) + screen.subtitles.map(\.measures)
        let remeasured = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        // Only the changed title is measured again (its sibling's earlier result still holds).
        #expect(remeasured == [80])
        // The root and the changed row's nodes are laid out again, not the other 166 rows.
        let stats = screen.root.lastPassStatistics
        #expect(stats.layouts <= 5)
        #expect(stats.measureCallbacks == after[80] - before[80])
        // The row grew by a line of text; the rows below moved down by as much, the rows above did not.
        #expect(screen.root.children[79].frame == frames[79])
        #expect(screen.root.children[80].frame.height == frames[80].height + 12)
        #expect(screen.root.children[81].frame.top == frames[81].top + 12)
        #expect(screen.root.children[166].frame.top == frames[166].top + 12)
        #expect(screen.titles[80].node.frame.height == 32)
    }

    /// What an incremental pass gives is what a layout from scratch gives, on every pixel grid.
    @Test(arguments: [1.0, 2.0, 3.0])
    func incrementalFramesEqualAFreshLayout(_ scale: Double) {
        let screen = Screen(rows: 40)
        screen.root.calculateLayout(width: 333, height: nil, pointScaleFactor: scale)
        for (index, text) in [(7, "A title long enough to need a second line"), (8, "Short"), (30, "x")] {
            screen.titles[index].set(text)
            screen.root.calculateLayout(width: 333, height: nil, pointScaleFactor: scale)
        }
        let fresh = Screen(rows: 40)
        for (index, text) in [(7, "A title long enough to need a second line"), (8, "Short"), (30, "x")] {
            fresh.titles[index].text = text
        }
        fresh.root.calculateLayout(width: 333, height: nil, pointScaleFactor: scale)
        #expect(frames(screen.root) == frames(fresh.root))
    }

    @Test func changingOneStyleRelaysOutOnlyWhatDependsOnIt() {
        let screen = Screen(rows: 50)
        screen.root.calculateLayout(width: 320, height: nil)
        let measures = screen.measures
        screen.root.children[10].children[0].style.width = 48  // one avatar grows
        screen.root.calculateLayout(width: 320, height: nil)
        // The avatar's row gives its texts 8 points less: only that row's two leaves are measured again.
        #expect(screen.measures - measures <= 4)
        #expect(screen.titles[9].measures == screen.titles[11].measures)
        #expect(screen.root.children[10].children[1].frame.left == 8 + 48 + 8)
        #expect(screen.root.lastPassStatistics.layouts <= 6)
    }

    @Test func aLeafMeasuredAtMostIsNotMeasuredAgainForTheSizeItTook() {
        let leaf = TextLeaf("Hello")  // 40 points wide
        let column = LayoutNode(style: LayoutStyle { $0.alignItems = .flexStart }, children: [leaf.node])
        let root = LayoutNode(style: LayoutStyle { $0.width = 300; $0.flexDirection = .row }, children: [column])
        root.calculateLayout()
        // Measured once at most 300 wide; the exact 40 it then gets, and narrower at-most widths
        // it still fits in, reuse that result.
        #expect(leaf.measures == 1)
        #expect(leaf.node.frame.width == 40)
        root.style.width = 200
        root.calculateLayout()
        #expect(leaf.measures == 1)
        root.style.width = 20
        root.calculateLayout()
        #expect(leaf.measures == 2)
        #expect(leaf.node.frame.height == 32)
    }

    /// A clean child keeps its flex basis only for the same container inputs: a relayout after the
    /// container's alignment, size or display changes gives what a layout from scratch gives.
    @Test(arguments: ["align", "width", "display", "direction"])
    func flexBasisIsKeptOnlyForTheSameInputs(_ change: String) {
        func tree() -> (LayoutNode, LayoutNode, TextLeaf) {
            let text = TextLeaf("Some words that wrap in a narrow column")
            let inner = LayoutNode(style: LayoutStyle { $0.padding = LayoutEdges(all: 3) }, children: [text.node, LayoutNode(style: LayoutStyle { $0.height = 10; $0.width = 30 })])
            let middle = LayoutNode(style: LayoutStyle { $0.flexDirection = .row }, children: [inner, LayoutNode(style: LayoutStyle { $0.flexGrow = 1; $0.height = 5 })])
            let root = LayoutNode(style: LayoutStyle { $0.alignItems = .stretch }, children: [middle, LayoutNode(style: LayoutStyle { $0.height = 20 })])
            return (root, middle, text)  // the measure function holds its leaf unowned
        }
        func apply(_ root: LayoutNode, _ middle: LayoutNode) -> Double {
            switch change {
            case "align": root.style.alignItems = .flexStart
            case "display": middle.style.display = .flex
            case "direction": middle.style.flexDirection = .column
            default: break
            }
            return change == "width" ? 90 : 200
        }
        let (root, middle, leaf) = tree()
        if change == "display" { middle.style.display = .none }
        root.calculateLayout(width: 200, height: nil, direction: .rtl)
        let width = apply(root, middle)
        root.calculateLayout(width: width, height: nil, direction: .rtl)

        let (fresh, freshMiddle, freshLeaf) = tree()
        _ = apply(fresh, freshMiddle)
        fresh.calculateLayout(width: width, height: nil, direction: .rtl)
        #expect(frames(root) == frames(fresh))
        #expect(frames(root)[2].width > 0)
        withExtendedLifetime((leaf, freshLeaf)) {}
    }

    /// A container measured for its flex basis and then laid out at the size it took is laid out
    /// once, except where that size changes what its content resolves against: a percentage gap
    /// is a share of the height the container took, not of none.
    @Test func aMeasuredContainerIsLaidOutAgainWhereItsSizeMatters() {
        let box = { LayoutNode(style: LayoutStyle { $0.height = 10 }) }
        let plain = LayoutNode(style: LayoutStyle { $0.rowGap = 4 }, children: [box(), box()])
        let percent = LayoutNode(style: LayoutStyle { $0.rowGap = .percent(10) }, children: [box(), box()])
        let root = LayoutNode(style: LayoutStyle { $0.width = 100 }, children: [plain, percent])
        root.calculateLayout()
        #expect(plain.frame == LayoutFrame(left: 0, top: 0, width: 100, height: 24))
        #expect(plain.children[1].frame.top == 14)
        // Measured with no height its gap is 0 and it is 20 high; at that height the gap is 2.
        #expect(percent.frame == LayoutFrame(left: 0, top: 24, width: 100, height: 20))
        #expect(percent.children[1].frame.top == 12)
        // The root, each container and each box once: `plain` while it was measured.
        #expect(root.lastPassStatistics.layouts == 7)
    }

    /// A container laid out while measured is laid out as at the size it then takes, also where
    /// a grandchild resolves a percentage or an aspect ratio against it: `minHeight: 1` (no
    /// effect on the size) turns the shortcut off, so the two trees must agree.
    @Test(arguments: [FlexDirection.column, .row])
    func aMeasuredContainerAgreesWithOneLaidOutAtItsSize(_ direction: FlexDirection) {
        func make(shortcut: Bool) -> LayoutNode {
            let inner: LayoutNode
            if direction == .column {
                let grandchild = LayoutNode(style: LayoutStyle { $0.width = 10; $0.height = .percent(50) })
                inner = LayoutNode(style: LayoutStyle { $0.flexDirection = .row }, children: [grandchild])
            } else {
                inner = LayoutNode(children: [LayoutNode(style: LayoutStyle { $0.aspectRatio = 1; $0.height = .percent(100) })])
            }
            let container = LayoutNode(style: LayoutStyle {
                $0.flexDirection = direction
                if !shortcut { $0.minHeight = 1 }
            }, children: [LayoutNode(style: LayoutStyle { $0.width = 10; $0.height = 100 }), inner])
            return LayoutNode(children: [container])
        }
        let fast = make(shortcut: true), full = make(shortcut: false)
        fast.calculateLayout(width: 200, height: nil)
        full.calculateLayout(width: 200, height: nil)
        #expect(frames(fast) == frames(full))
    }

    /// A row that gains an auto margin between two layouts of a shifted column is placed by it
    /// (the flag is read from the new style, not from the row's last layout).
    @Test func aRowGainingAnAutoMarginIsPlacedByIt() {
        let root = threeRows()
        root.calculateLayout(width: 100, height: nil)
        root.children[1].style.margin.left = .auto
        root.calculateLayout(width: 100, height: nil)
        let fresh = threeRows()
        fresh.children[1].style.margin.left = .auto
        fresh.calculateLayout(width: 100, height: nil)
        #expect(root.children[1].frame == fresh.children[1].frame)
        #expect(root.children[1].frame.width == 10)
    }

    /// A subtree laid out on its own (after a change) is laid out again by its root's next layout,
    /// as a root laid out from scratch lays it out.
    @Test func aSubtreeLaidOutOnItsOwnIsLaidOutAgainByItsRoot() {
        let root = threeRows()
        root.calculateLayout(width: 100, height: nil)
        root.children[1].children[0].style.height = 30
        root.children[1].calculateLayout(width: 40, height: nil)
        root.calculateLayout(width: 100, height: nil)
        let fresh = threeRows()
        fresh.children[1].children[0].style.height = 30
        fresh.calculateLayout(width: 100, height: nil)
        #expect(frames(root) == frames(fresh))
    }

    /// A column whose rows change one or a few at a time places the others by shifting them (see
    /// `LayoutNode.shiftChangedChildren`): what it gives is what a layout from scratch gives, in
    /// both directions, with margins, insets, a gap and padding on the column and the rows, when a
    /// text grows or shrinks, a row's own margin or inset changes, or the column's padding does.
    @Test(arguments: [LayoutDirection.ltr, .rtl])
    func shiftedRowsEqualAFreshLayout(_ direction: LayoutDirection) {
        struct Column {
            let root: LayoutNode
            let texts: [TextLeaf]
            init() {
                var texts: [TextLeaf] = [], rows: [LayoutNode] = []
                for index in 0..<12 {
                    let text = TextLeaf(String(repeating: "word ", count: index % 4 + 1))
                    texts.append(text)
                    rows.append(LayoutNode(style: LayoutStyle {
                        $0.flexDirection = .row
                        $0.padding = LayoutEdges(all: .points(Double(index % 3)))
                        $0.margin.start = .points(Double(index % 5))
                        $0.margin.top = .points(Double(index % 2))
                        if index % 4 == 1 { $0.inset.top = 3; $0.inset.start = 2 }
                    }, children: [LayoutNode(style: LayoutStyle { $0.width = 10; $0.height = 10 }), text.node]))
                }
                root = LayoutNode(style: LayoutStyle { $0.padding = LayoutEdges(all: 5); $0.padding.start = 9; $0.rowGap = 2 }, children: rows)
                self.texts = texts
            }
            func apply(_ step: Int) {
                switch step {
                case 0: texts[3].set("a much longer text that will wrap onto more lines than before")
                case 1: texts[3].set("short")
                case 2: root.children[7].style.margin.top = 6
                case 3: root.children[2].style.inset.top = -4
                case 4: texts[0].set("first row now wraps onto two lines at least"); texts[11].set("x")
                default: root.style.padding.top = 1
                }
            }
        }
        let column = Column()
        column.root.calculateLayout(width: 150, height: nil, direction: direction, pointScaleFactor: 2)
        for step in 0..<6 {
            column.apply(step)
            column.root.calculateLayout(width: 150, height: nil, direction: direction, pointScaleFactor: 2)
            let fresh = Column()
            for done in 0...step { fresh.apply(done) }
            fresh.root.calculateLayout(width: 150, height: nil, direction: direction, pointScaleFactor: 2)
            #expect(frames(column.root) == frames(fresh.root), "step \(step)")
            withExtendedLifetime(fresh.texts) {}
        }
        withExtendedLifetime(column.texts) {}
    }
}

/// Every frame of the tree under `node`, preorder.
private func frames(_ node: LayoutNode) -> [LayoutFrame] { [node.frame] + node.children.flatMap(frames) }

/// A column of three rows, each holding a 10-point square.
private func threeRows() -> LayoutNode {
    LayoutNode(children: (0..<3).map { _ in
        LayoutNode(style: LayoutStyle { $0.flexDirection = .row },
                   children: [LayoutNode(style: LayoutStyle { $0.width = 10; $0.height = 10 })])
    })
}
