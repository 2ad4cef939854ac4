// layout.full_vs_diff: laying out a screen of 1,003 nodes (a column of 167 rows: an avatar box, a
// column of two text leaves measured by a measure function, a button; paddings, gaps, flex) from
// scratch, against LunarUI's Reconciler building the same tree of elements from empty. Both turn
// a whole screen description into what a renderer needs; the goal is that layout costs no more.
//
// layout.incremental_vs_full: one row's title changes (its measure function now measures a longer
// text) and the screen is laid out again, against laying the same screen out from scratch.
import BenchSupport
import Benchmark
import LunarLayout
import LunarUI

private let rows = 167

/// A text leaf measured as a renderer would: 7 points a character, lines of 16 points.
private final class TextLeaf {
    var text: String
    let node = LayoutNode()
    init(_ initial: String) {
        text = initial
        node.measure = { [unowned self] width, mode, _, _ in
            let natural = Double(self.text.count) * 7
            guard mode != .undefined, width < natural else { return LayoutSize(width: natural, height: 16) }
            let lines = (natural / max(width, 7)).rounded(.up)
            return LayoutSize(width: width, height: 16 * lines)
        }
    }
}

private struct LayoutScreen {
    let root: LayoutNode
    let titles: [TextLeaf]
    let subtitles: [TextLeaf]  // the nodes' measure functions hold their leaves unowned

    init() {
        var titles: [TextLeaf] = [], subtitles: [TextLeaf] = []
        var rowNodes: [LayoutNode] = []
        for index in 0..<rows {
            let title = TextLeaf("Item \(index)")
            let subtitle = TextLeaf("A description of item \(index), long enough to wrap in a narrow row")
            titles.append(title)
            subtitles.append(subtitle)
            let texts = LayoutNode(style: LayoutStyle { $0.flex = 1; $0.rowGap = 4 }, children: [title.node, subtitle.node])
            rowNodes.append(LayoutNode(style: LayoutStyle {
                $0.flexDirection = .row
                $0.alignItems = .center
                $0.padding = LayoutEdges(all: 8)
                $0.columnGap = 12
            }, children: [
                LayoutNode(style: LayoutStyle { $0.width = 40; $0.aspectRatio = 1 }),
                texts,
                LayoutNode(style: LayoutStyle { $0.paddingHorizontal(12); $0.height = 32; $0.minWidth = 64 }),
            ]))
        }
        root = LayoutNode(style: LayoutStyle { $0.padding.vertical = 12; $0.rowGap = 1 }, children: rowNodes)
        self.titles = titles
        self.subtitles = subtitles
    }

    /// A layout from scratch: every node is dirty, so no cached result is used.
    func layoutFromScratch() {
        func dirty(_ node: LayoutNode) {
            node.markDirty()
            for child in node.children { dirty(child) }
        }
        dirty(root)
        root.calculateLayout(width: 375, height: nil, direction: .ltr, pointScaleFactor: 3)
    }

    func layout() {
        root.calculateLayout(width: 375, height: nil, direction: .ltr, pointScaleFactor: 3)
    }
}

private extension LayoutStyle {
    mutating func paddingHorizontal(_ value: Double) { padding.horizontal = .points(value) }
}

private let elements = Element.column((0..<rows).map { index in
    .row(key: "row-\(index)", [
        .image(alt: "Avatar \(index)"),
        .column([.text("Item \(index)"), .text("A description of item \(index), long enough to wrap in a narrow row")]),
        .button("Open", id: "open-\(index)"),
    ])
})

let benchmarks: @Sendable () -> Void = {
    pairedBenchmark("layout.full_vs_diff", samples: 200) {
        let screen = LayoutScreen()
        return Pair(
            ours: { screen.layoutFromScratch() },
            baseline: { blackHole(Reconciler().reconcile(elements)) })
    }

    // Each side repeats its work 20 times so that the incremental side is not a few microseconds
    // timed after the other side's work.
    pairedBenchmark("layout.incremental_vs_full", samples: 100) {
        let changing = LayoutScreen(), full = LayoutScreen()
        changing.layout()
        var long = false
        return Pair(
            ours: {
                for _ in 0..<20 {
                    long.toggle()
                    changing.titles[83].text = long ? "Item 83, renamed to something that wraps onto a second line" : "Item 83"
                    changing.titles[83].node.markDirty()
                    changing.layout()
                }
            },
            baseline: {
                for _ in 0..<20 { full.layoutFromScratch() }
            })
    }
}
