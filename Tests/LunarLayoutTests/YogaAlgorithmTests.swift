import LunarLayout
import Testing

/// Rules of Yoga's algorithm itself (CalculateLayout.cpp, Node.cpp) that no fixture in the suite
/// pinned until each was found broken (issue 34).
@Suite struct YogaAlgorithmTests {
    // An item frozen at its max in the first flex pass: the line's free space is what is left
    // after the second pass, counted once (Yoga: originalFreeSpace - distributedFreeSpace).
    @Test func freeSpaceAfterAnItemFreezesAtItsMaximumIsCountedOnce() {
        let capped = LayoutNode(style: LayoutStyle { $0.width = 10; $0.flexGrow = 1; $0.maxWidth = 30 })
        let free = LayoutNode(style: LayoutStyle { $0.width = 10; $0.flexGrow = 1 })
        let root = LayoutNode(style: LayoutStyle { $0.flexDirection = .row; $0.justifyContent = .flexEnd; $0.width = 100 },
                              children: [capped, free])
        root.calculateLayout()
        #expect(capped.frame.left == 0)
        #expect(capped.frame.width == 30)
        #expect(free.frame.left == 30)
        #expect(free.frame.width == 70)
    }

    @Test func freeSpaceAfterAnItemFreezesAtItsMinimumIsCountedOnce() {
        let floored = LayoutNode(style: LayoutStyle { $0.width = 80; $0.flexShrink = 1; $0.minWidth = 70 })
        let shrinking = LayoutNode(style: LayoutStyle { $0.width = 80; $0.flexShrink = 1 })
        let root = LayoutNode(style: LayoutStyle { $0.flexDirection = .row; $0.justifyContent = .center; $0.width = 100 },
                              children: [floored, shrinking])
        root.calculateLayout()
        #expect(floored.frame == LayoutFrame(left: 0, top: 0, width: 70, height: 0))
        #expect(shrinking.frame == LayoutFrame(left: 70, top: 0, width: 30, height: 0))
    }

    @Test func autoMarginsTakeTheSpaceLeftAfterAFreeze() {
        let capped = LayoutNode(style: LayoutStyle { $0.width = 10; $0.flexGrow = 1; $0.maxWidth = 30; $0.margin.left = .auto })
        let free = LayoutNode(style: LayoutStyle { $0.width = 10; $0.flexGrow = 1; $0.maxWidth = 40 })
        let root = LayoutNode(style: LayoutStyle { $0.flexDirection = .row; $0.width = 100 }, children: [capped, free])
        root.calculateLayout()
        // Both freeze at their maximums and keep them: 30 of the 100 is left, all to the auto margin.
        #expect(capped.frame == LayoutFrame(left: 30, top: 0, width: 30, height: 0))
        #expect(free.frame == LayoutFrame(left: 60, top: 0, width: 40, height: 0))
    }

    // A container measured without flexing its items (its cross size exact) counts each by its
    // basis within min and max, as its layout then sizes them: the same with or without the
    // shortcut that lays it out while measuring, which a sibling with a percentage turns off.
    @Test(arguments: [false, true])
    func aMeasuredContainerCountsItsItemsWithinTheirMinimums(_ percentageSibling: Bool) {
        let item = LayoutNode(style: LayoutStyle { $0.height = 53; $0.minHeight = 145 })
        let middle = LayoutNode(children: [item])
        if percentageSibling { middle.appendChild(LayoutNode(style: LayoutStyle { $0.inset.right = .percent(45) })) }
        let root = LayoutNode(style: LayoutStyle { $0.width = 251 }, children: [middle])
        root.calculateLayout()
        #expect(item.frame.height == 145)
        #expect(middle.frame.height == 145)
        #expect(root.frame.height == 145)
    }

    // A leaf left no room on one axis is still measured for the other (Yoga measures it): a
    // flat text at most 0 tall is as wide as it is, whether or not a cached measurement answers.
    @Test func aLeafWithNoRoomOnOneAxisIsMeasuredForTheOther() {
        let text = LayoutNode(measure: { _, _, _, _ in LayoutSize(width: 97, height: 0) })
        let root = LayoutNode(children: [LayoutNode(children: [LayoutNode(children: [text])])])
        root.calculateLayout(width: nil, height: 292, direction: .ltr, pointScaleFactor: 1, shortcuts: [])
        #expect(text.frame.width == 97)
        #expect(root.frame.width == 97)
    }

    // A relative node with insets on both sides: the inline-start one wins (Node::relativePosition).
    @Test(arguments: [LayoutDirection.ltr, .rtl])
    func relativeInsetsOnBothSidesTakeTheInlineStartOne(_ direction: LayoutDirection) {
        let physical = LayoutNode(style: LayoutStyle { $0.width = 20; $0.height = 10; $0.inset.left = 10; $0.inset.right = 5 })
        let logical = LayoutNode(style: LayoutStyle { $0.width = 20; $0.height = 10; $0.inset.start = 10; $0.inset.end = 5 })
        let root = LayoutNode(style: LayoutStyle { $0.width = 100 }, children: [physical, logical])
        root.calculateLayout(direction: direction)
        if direction == .ltr {
            #expect(physical.frame.left == 10)
            #expect(logical.frame.left == 10)
        } else {
            // At 80 before the inset: `right` (5) wins over `left`, `start` (10, the right side) over `end`.
            #expect(physical.frame.left == 75)
            #expect(logical.frame.left == 70)
        }
    }

    @Test func relativeInsetsOnOneSideStillApplyInRightToLeft() {
        let left = LayoutNode(style: LayoutStyle { $0.width = 20; $0.height = 10; $0.inset.left = 10 })
        let bottom = LayoutNode(style: LayoutStyle { $0.width = 20; $0.height = 10; $0.inset.bottom = 4; $0.inset.top = 3 })
        let root = LayoutNode(style: LayoutStyle { $0.width = 100 }, children: [left, bottom])
        root.calculateLayout(direction: .rtl)
        #expect(left.frame.left == 90)
        // Top wins over bottom whatever the direction.
        #expect(bottom.frame.top == 13)
    }

    // Padding larger than the node: the content box is floored at zero, not left negative
    // (calculateAvailableInnerDimension's minimum is 0 where none is set).
    @Test(arguments: [(JustifyContent.flexEnd, 5.0), (.center, 52.5), (.flexStart, 100.0)])
    func paddingWiderThanTheNodeLeavesAnEmptyContentBox(_ justify: JustifyContent, _ left: Double) {
        let child = LayoutNode(style: LayoutStyle { $0.width = 95; $0.height = 10 })
        let root = LayoutNode(style: LayoutStyle {
            $0.flexDirection = .row
            $0.justifyContent = justify
            $0.width = 142
            $0.padding.horizontal = 100
        }, children: [child])
        root.calculateLayout(pointScaleFactor: 0)
        #expect(child.frame.left == left)
    }

    @Test func paddingTallerThanTheNodeLeavesAnEmptyContentBoxInAColumn() {
        let child = LayoutNode(style: LayoutStyle { $0.height = 30 })
        let root = LayoutNode(style: LayoutStyle {
            $0.justifyContent = .flexEnd
            $0.width = 50
            $0.height = 50
            $0.padding.vertical = 40
        }, children: [child])
        root.calculateLayout()
        // The content box is 0 tall (not -30): the child ends where it starts, at 40.
        #expect(child.frame.top == 10)
        #expect(root.frame.height == 80)
    }
}
