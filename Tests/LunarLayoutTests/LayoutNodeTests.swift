import LunarLayout
import Testing

/// Counts measure calls, so tests can tell which leaves were measured again.
final class MeasureCounter {
    var calls = 0
    let size: LayoutSize
    init(width: Double, height: Double) { size = LayoutSize(width: width, height: height) }
    func function() -> MeasureFunction {
        { [self] _, _, _, _ in
            calls += 1
            return size
        }
    }
}

@Suite struct LayoutNodeTests {
    @Test func defaultsAreYogas() {
        let style = LayoutStyle()
        #expect(style.flexDirection == .column)
        #expect(style.flexShrink == nil)
        #expect(style.alignContent == .flexStart)
        #expect(style.alignItems == .stretch)
        #expect(style.position == .relative)
        #expect(style.width == .auto)
        let child = LayoutNode(style: LayoutStyle { $0.width = 150 })
        let root = LayoutNode(style: LayoutStyle { $0.width = 100; $0.height = 100 }, children: [child])
        root.calculateLayout()
        // No shrinking by default: the child overflows rather than shrinking.
        #expect(child.frame == LayoutFrame(left: 0, top: 0, width: 150, height: 0))
    }

    @Test func undefinedAvailableSizeIsContentSized() {
        let root = LayoutNode(style: LayoutStyle { $0.flexDirection = .row; $0.padding = LayoutEdges(all: 5) }, children: [
            LayoutNode(style: LayoutStyle { $0.width = 30; $0.height = 20 }),
            LayoutNode(style: LayoutStyle { $0.width = 10; $0.height = 40 }),
        ])
        root.calculateLayout()
        #expect(root.frame == LayoutFrame(left: 0, top: 0, width: 50, height: 50))
        root.calculateLayout(width: 200, height: 100)
        #expect(root.frame == LayoutFrame(left: 0, top: 0, width: 200, height: 100))
    }

    @Test func measureFunctionSizesALeafWithPaddingAndIsCachedByConstraints() {
        let counter = MeasureCounter(width: 40, height: 12)
        let leaf = LayoutNode(style: LayoutStyle { $0.padding = LayoutEdges(all: 2) }, measure: counter.function())
        let root = LayoutNode(style: LayoutStyle { $0.width = 100; $0.alignItems = .flexStart }, children: [leaf])
        root.calculateLayout()
        #expect(leaf.frame == LayoutFrame(left: 0, top: 0, width: 44, height: 16))
        let first = counter.calls
        #expect(first >= 1)
        root.calculateLayout()
        #expect(counter.calls == first, "a clean tree with the same constraints measures nothing again")
    }

    /// Yoga's dont_measure_single_grow_shrink_child: the lone flexible child fills the space
    /// without being measured.
    @Test func aLoneGrowingAndShrinkingLeafIsNotMeasured() {
        let counter = MeasureCounter(width: 100, height: 100)
        let leaf = LayoutNode(style: LayoutStyle { $0.flexGrow = 1; $0.flexShrink = 1 }, measure: counter.function())
        let root = LayoutNode(style: LayoutStyle { $0.width = 100; $0.height = 100 }, children: [leaf])
        root.calculateLayout()
        #expect(counter.calls == 0)
        #expect(leaf.frame == LayoutFrame(left: 0, top: 0, width: 100, height: 100))
    }

    /// Yoga's tests/YGMeasureTest.cpp: when the size is already known the measure function is not
    /// called; with no room on one axis it is (the other may still take the content); an absolute
    /// leaf is measured once.
    @Test func measureIsSkippedWhenTheSizeIsKnown() {
        for (minWidth, minHeight) in [(LayoutValue.points(10), LayoutValue.points(10)), (.percent(10), .percent(10)), (.percent(10), .points(10))] {
            let counter = MeasureCounter(width: 10, height: 10)
            let leaf = LayoutNode(style: LayoutStyle {
                $0.minWidth = minWidth; $0.maxWidth = minWidth; $0.minHeight = minHeight; $0.maxHeight = minHeight
            }, measure: counter.function())
            let root = LayoutNode(style: LayoutStyle { $0.alignItems = .flexStart; $0.width = 100; $0.height = 100 }, children: [leaf])
            root.calculateLayout()
            #expect(counter.calls == 0)
            #expect(leaf.frame == LayoutFrame(left: 0, top: 0, width: 10, height: 10))
        }

        let zero = MeasureCounter(width: 10, height: 10)
        let padded = LayoutNode(style: LayoutStyle { $0.padding = LayoutEdges(all: 100) }, measure: zero.function())
        let column = LayoutNode(style: LayoutStyle { $0.height = 200 }, children: [padded])
        column.calculateLayout(width: 282)
        #expect(zero.calls == 1)
        #expect(padded.frame.width == 282 && padded.frame.top == 0)

        let once = MeasureCounter(width: 10, height: 10)
        let absolute = LayoutNode(style: LayoutStyle { $0.position = .absolute }, measure: once.function())
        let tree = LayoutNode(children: [LayoutNode(children: [absolute])])
        tree.calculateLayout()
        #expect(once.calls == 1)
    }

    @Test func changingOneLeafDoesNotMeasureAnUnrelatedSubtree() {
        let stable = MeasureCounter(width: 30, height: 10)
        let changing = MeasureCounter(width: 20, height: 10)
        let stableLeaf = LayoutNode(measure: stable.function())
        let changingLeaf = LayoutNode(measure: changing.function())
        let root = LayoutNode(style: LayoutStyle { $0.width = 200; $0.height = 100; $0.flexDirection = .row }, children: [
            LayoutNode(style: LayoutStyle { $0.width = 100 }, children: [stableLeaf]),
            LayoutNode(style: LayoutStyle { $0.width = 100 }, children: [changingLeaf]),
        ])
        root.calculateLayout()
        let stableCalls = stable.calls, changingCalls = changing.calls
        #expect(!root.isDirty && !stableLeaf.isDirty)

        changingLeaf.markDirty()
        #expect(root.isDirty && changingLeaf.parent!.isDirty && !stableLeaf.isDirty && !stableLeaf.parent!.isDirty)
        root.calculateLayout()
        #expect(stable.calls == stableCalls, "the unrelated subtree reuses its cached layout")
        #expect(changing.calls > changingCalls)
        #expect(stableLeaf.frame == LayoutFrame(left: 0, top: 0, width: 100, height: 10))
        #expect(changingLeaf.parent!.frame.left == 100)
    }

    @Test func changingAStyleRelaysOutAndMovesSiblings() {
        let first = LayoutNode(style: LayoutStyle { $0.height = 10 })
        let second = LayoutNode(style: LayoutStyle { $0.height = 10 })
        let root = LayoutNode(style: LayoutStyle { $0.width = 50 }, children: [first, second])
        root.calculateLayout()
        #expect(second.frame.top == 10)
        first.style.height = 25
        #expect(root.isDirty)
        root.calculateLayout()
        #expect(second.frame.top == 25)
        #expect(root.frame.height == 35)
        // Setting an equal style does not dirty the tree.
        first.style.height = 25
        #expect(!root.isDirty)
    }

    @Test func childrenCanBeInsertedAndRemoved() {
        let root = LayoutNode(style: LayoutStyle { $0.width = 50 })
        let a = LayoutNode(style: LayoutStyle { $0.height = 10 })
        let b = LayoutNode(style: LayoutStyle { $0.height = 20 })
        root.appendChild(a)
        root.insertChild(b, at: 0)
        root.calculateLayout()
        #expect(a.frame.top == 20)
        root.removeChild(at: 0)
        #expect(b.parent == nil)
        root.calculateLayout()
        #expect(a.frame.top == 0 && root.frame.height == 10)
    }

    @Test func roundingUsesTheScaleAndAbsoluteEdges() {
        let children = (0..<3).map { _ in LayoutNode(style: LayoutStyle { $0.flexGrow = 1 }) }
        let root = LayoutNode(style: LayoutStyle { $0.width = 100; $0.height = 10; $0.flexDirection = .row }, children: children)
        root.calculateLayout()
        #expect(children.map(\.frame.width) == [33, 34, 33])
        #expect(children.map(\.frame.left) == [0, 33, 67])
        root.calculateLayout(pointScaleFactor: 2)
        #expect(children.map(\.frame.width) == [33.5, 33, 33.5])
        #expect(children.map(\.frame.left) == [0, 33.5, 66.5])
    }

    /// A scale whose product with a position overflows (1e308) leaves the layout unrounded: it
    /// gave inf / inf, a NaN width (issue 28).
    @Test func anOverflowingScaleGivesNoNaN() {
        let children = (0..<3).map { _ in LayoutNode(style: LayoutStyle { $0.flexGrow = 1 }) }
        let root = LayoutNode(style: LayoutStyle { $0.width = 100; $0.height = 10; $0.flexDirection = .row }, children: children)
        root.calculateLayout(pointScaleFactor: 1e308)
        let frames = [root.frame] + children.map(\.frame)
        #expect(frames.allSatisfy { $0.width.isFinite && $0.height.isFinite && $0.left.isFinite && $0.top.isFinite })
        #expect(root.frame.width == 100)
        #expect(abs(children.map(\.frame.width).reduce(0, +) - 100) < 0.0001)
    }

    /// Yoga's tests/YGRoundingMeasureFuncTest.cpp: a measured leaf's fractional size rounds up.
    @Test(arguments: [(1.0, 11.0), (2.0, 10.5), (4.0, 10.25), (1.0 / 3.0, 12.0), (0.0, 10.2)])
    func measuredLeavesRoundUp(scale: Double, expected: Double) {
        let leaf = LayoutNode(measure: { _, _, _, _ in LayoutSize(width: 10.2, height: 10.2) })
        let root = LayoutNode(children: [leaf])
        root.calculateLayout(pointScaleFactor: scale)
        #expect(abs(leaf.frame.width - expected) < 0.0001)
        #expect(abs(leaf.frame.height - expected) < 0.0001)
    }

    @Test func displayNoneTakesNoSpace() {
        let hidden = LayoutNode(style: LayoutStyle { $0.height = 10; $0.display = .none })
        let shown = LayoutNode(style: LayoutStyle { $0.height = 10 })
        let root = LayoutNode(style: LayoutStyle { $0.width = 50 }, children: [hidden, shown])
        root.calculateLayout()
        #expect(hidden.frame == LayoutFrame())
        #expect(shown.frame.top == 0 && root.frame.height == 10)
    }
}
