import LunarLayout
import Testing

/// Yoga's rules where no published fixture pins them: auto margins against negative free space,
/// baseline functions, and a lone growing child in a wrapping container.
@Suite struct AlignmentRulesTests {
    @Test(arguments: [JustifyContent.center, .flexEnd, .spaceAround])
    func autoMarginsIgnoreJustifyEvenWithNegativeFreeSpace(_ justify: JustifyContent) {
        let child = LayoutNode(style: LayoutStyle { $0.width = 72; $0.height = 10; $0.margin.left = .auto })
        let root = LayoutNode(style: LayoutStyle {
            $0.flexDirection = .row
            $0.justifyContent = justify
            $0.width = 52
            $0.height = 52
        }, children: [child])
        root.calculateLayout(direction: .ltr)
        // The auto margin counts as 0 and justify-content does not apply: the child starts at 0.
        #expect(child.frame.left == 0)
        root.calculateLayout(direction: .rtl)
        #expect(child.frame.left == -20)
    }

    @Test func autoMarginsTakePositiveFreeSpace() {
        let child = LayoutNode(style: LayoutStyle { $0.width = 20; $0.height = 10; $0.margin.left = .auto })
        let root = LayoutNode(style: LayoutStyle { $0.flexDirection = .row; $0.justifyContent = .center; $0.width = 100 },
                              children: [child])
        root.calculateLayout()
        #expect(child.frame.left == 80)
    }

    @Test func baselineFunctionAlignsALeaf() {
        let text = LayoutNode(measure: { _, _, _, _ in LayoutSize(width: 50, height: 20) }, baseline: { _, height in height - 5 })
        let box = LayoutNode(style: LayoutStyle { $0.width = 50; $0.height = 50 })
        let root = LayoutNode(style: LayoutStyle { $0.flexDirection = .row; $0.alignItems = .baseline; $0.width = 200 },
                              children: [box, text])
        root.calculateLayout()
        // The box's baseline is its bottom (50); the text's is 15 below its top.
        #expect(text.frame == LayoutFrame(left: 50, top: 35, width: 50, height: 20))
        #expect(root.frame.height == 55)
    }

    @Test func baselineFunctionOfANestedLeafIsItsParents() {
        let text = LayoutNode(measure: { _, _, _, _ in LayoutSize(width: 40, height: 30) }, baseline: { _, _ in 12 })
        let card = LayoutNode(style: LayoutStyle { $0.padding.top = 8 }, children: [text])
        let box = LayoutNode(style: LayoutStyle { $0.width = 40; $0.height = 40 })
        let root = LayoutNode(style: LayoutStyle { $0.flexDirection = .row; $0.alignItems = .baseline }, children: [box, card])
        root.calculateLayout()
        // The card's baseline is its first child's: 8 + 12 = 20, so it sits 40 - 20 below the top.
        #expect(card.frame.top == 20)
    }

    @Test func settingABaselineFunctionMarksTheNodeDirty() {
        let text = LayoutNode(measure: { _, _, _, _ in LayoutSize(width: 10, height: 10) })
        let root = LayoutNode(children: [text])
        root.calculateLayout()
        #expect(!root.isDirty)
        text.baseline = { _, _ in 8 }
        #expect(root.isDirty)
    }

    /// The lone growing-and-shrinking child is not given a zero basis in a wrapping container: its
    /// content decides which line it is on.
    @Test func loneFlexChildInAWrappingRowKeepsItsBasis() {
        let text = LayoutNode(style: LayoutStyle { $0.flexGrow = 1; $0.flexShrink = 1 },
                              measure: { width, _, _, _ in LayoutSize(width: width.isNaN ? 150 : min(150, width), height: 10) })
        let button = LayoutNode(style: LayoutStyle { $0.width = 30; $0.height = 10 })
        let root = LayoutNode(style: LayoutStyle { $0.flexDirection = .row; $0.flexWrap = .wrap; $0.width = 100 },
                              children: [text, button])
        root.calculateLayout()
        #expect(text.frame == LayoutFrame(left: 0, top: 0, width: 100, height: 10))
        #expect(button.frame == LayoutFrame(left: 0, top: 10, width: 30, height: 10))
    }
}
