import LunarLayout
import Testing

// Aspect-ratio cases from Yoga's hand-written tests (tests/YGAspectRatioTest.cpp): a 100×100
// root (align-items flex-start unless said) and one child; the child's expected frame.
@Suite struct AspectRatioTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let root: String
        let child: String
        let frame: [Double]
        var testDescription: String { name }
    }

    static let start = "align-items: flex-start; width: 100px; height: 100px"
    static let cases: [Case] = [
        Case(name: "cross_defined", root: start, child: "width: 50px; aspect-ratio: 1", frame: [0, 0, 50, 50]),
        Case(name: "main_defined", root: start, child: "height: 50px; aspect-ratio: 1", frame: [0, 0, 50, 50]),
        Case(name: "align_stretch", root: "width: 100px; height: 100px", child: "aspect-ratio: 1", frame: [0, 0, 100, 100]),
        Case(name: "flex_grow", root: start, child: "height: 50px; flex-grow: 1; aspect-ratio: 1", frame: [0, 0, 100, 100]),
        Case(name: "flex_shrink", root: start, child: "height: 150px; flex-shrink: 1; aspect-ratio: 1", frame: [0, 0, 100, 100]),
        Case(name: "basis", root: start, child: "flex-basis: 50px; aspect-ratio: 1", frame: [0, 0, 50, 50]),
        Case(name: "absolute_layout_width_defined", root: "width: 100px; height: 100px",
             child: "position: absolute; left: 0px; top: 0px; width: 50px; aspect-ratio: 1", frame: [0, 0, 50, 50]),
        Case(name: "absolute_layout_height_defined", root: "width: 100px; height: 100px",
             child: "position: absolute; left: 0px; top: 0px; height: 50px; aspect-ratio: 1", frame: [0, 0, 50, 50]),
        Case(name: "with_max_cross_defined", root: start, child: "height: 50px; max-width: 40px; aspect-ratio: 1", frame: [0, 0, 40, 50]),
        Case(name: "with_max_main_defined", root: start, child: "width: 50px; max-height: 40px; aspect-ratio: 1", frame: [0, 0, 50, 40]),
        Case(name: "with_min_cross_defined", root: start, child: "height: 30px; min-width: 40px; aspect-ratio: 1", frame: [0, 0, 40, 30]),
        Case(name: "with_min_main_defined", root: start, child: "width: 30px; min-height: 40px; aspect-ratio: 1", frame: [0, 0, 30, 40]),
        Case(name: "double_cross", root: start, child: "height: 50px; aspect-ratio: 2", frame: [0, 0, 100, 50]),
        Case(name: "half_cross", root: start, child: "height: 100px; aspect-ratio: 0.5", frame: [0, 0, 50, 100]),
        Case(name: "double_main", root: start, child: "width: 50px; aspect-ratio: 0.5", frame: [0, 0, 50, 100]),
        Case(name: "half_main", root: start, child: "width: 100px; aspect-ratio: 2", frame: [0, 0, 100, 50]),
    ]

    @Test(arguments: cases) func aspectRatio(_ c: Case) {
        let child = LayoutNode(style: parseCSS(c.child))
        let root = LayoutNode(style: parseCSS(c.root), children: [child])
        root.calculateLayout()
        #expect([child.frame.left, child.frame.top, child.frame.width, child.frame.height] == c.frame)
    }

    @Test func measuredLeafFollowsTheRatio() {
        let leaf = LayoutNode(style: parseCSS("aspect-ratio: 1"), measure: { w, wm, h, hm in
            LayoutSize(width: wm == .exactly ? w : 50, height: hm == .exactly ? h : 50)
        })
        let root = LayoutNode(style: parseCSS(Self.start), children: [leaf])
        root.calculateLayout()
        #expect(leaf.frame == LayoutFrame(left: 0, top: 0, width: 50, height: 50))
    }
}
