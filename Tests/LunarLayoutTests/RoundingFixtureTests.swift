import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGRoundingTest.html with the frames the generated tests expect.
@Suite struct RoundingFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("rounding_flex_basis_flex_grow_row_width_of_100",
                n("flex-direction: row; width: 100px; height: 100px", n("flex-grow: 1"), n("flex-grow: 1"), n("flex-grow: 1")),
                ltr: [[0, 0, 100, 100], [0, 0, 33, 100], [33, 0, 34, 100], [67, 0, 33, 100]],
                rtl: [[0, 0, 100, 100], [67, 0, 33, 100], [33, 0, 34, 100], [0, 0, 33, 100]]),
        Fixture("rounding_flex_basis_flex_grow_row_prime_number_width",
                n("flex-direction: row; width: 113px; height: 100px",
                  n("flex-grow: 1"), n("flex-grow: 1"), n("flex-grow: 1"), n("flex-grow: 1"), n("flex-grow: 1")),
                ltr: [[0, 0, 113, 100], [0, 0, 23, 100], [23, 0, 22, 100], [45, 0, 23, 100], [68, 0, 22, 100], [90, 0, 23, 100]],
                rtl: [[0, 0, 113, 100], [90, 0, 23, 100], [68, 0, 22, 100], [45, 0, 23, 100], [23, 0, 22, 100], [0, 0, 23, 100]]),
        Fixture("rounding_flex_basis_flex_shrink_row",
                n("flex-direction: row; width: 101px; height: 100px",
                  n("flex-shrink: 1; flex-basis: 100px"), n("flex-basis: 25px"), n("flex-basis: 25px")),
                ltr: [[0, 0, 101, 100], [0, 0, 51, 100], [51, 0, 25, 100], [76, 0, 25, 100]],
                rtl: [[0, 0, 101, 100], [50, 0, 51, 100], [25, 0, 25, 100], [0, 0, 25, 100]]),
        Fixture("rounding_flex_basis_overrides_main_size",
                n("width: 100px; height: 113px",
                  n("flex-grow: 1; flex-basis: 50px; height: 20px"), n("flex-grow: 1; height: 10px"), n("flex-grow: 1; height: 10px")),
                ltr: [[0, 0, 100, 113], [0, 0, 100, 64], [0, 64, 100, 25], [0, 89, 100, 24]],
                rtl: [[0, 0, 100, 113], [0, 0, 100, 64], [0, 64, 100, 25], [0, 89, 100, 24]]),
        Fixture("rounding_total_fractial",
                n("width: 87.4px; height: 113.4px",
                  n("flex-grow: 0.7; flex-basis: 50.3px; height: 20.3px"), n("flex-grow: 1.6; height: 10px"),
                  n("flex-grow: 1.1; height: 10.7px")),
                ltr: [[0, 0, 87, 113], [0, 0, 87, 59], [0, 59, 87, 30], [0, 89, 87, 24]],
                rtl: [[0, 0, 87, 113], [0, 0, 87, 59], [0, 59, 87, 30], [0, 89, 87, 24]]),
        Fixture("rounding_total_fractial_nested",
                n("width: 87.4px; height: 113.4px",
                  n("flex-grow: 0.7; flex-basis: 50.3px; height: 20.3px",
                    n("flex-grow: 1; flex-basis: 0.3px; bottom: 13.3px; height: 9.9px"),
                    n("flex-grow: 4; flex-basis: 0.3px; top: 13.3px; height: 1.1px")),
                  n("flex-grow: 1.6; height: 10px"), n("flex-grow: 1.1; height: 10.7px")),
                ltr: [[0, 0, 87, 113], [0, 0, 87, 59], [0, -13, 87, 12], [0, 25, 87, 47], [0, 59, 87, 30], [0, 89, 87, 24]],
                rtl: [[0, 0, 87, 113], [0, 0, 87, 59], [0, -13, 87, 12], [0, 25, 87, 47], [0, 59, 87, 30], [0, 89, 87, 24]]),
        Fixture("rounding_fractial_input_1",
                n("width: 100px; height: 113.4px",
                  n("flex-grow: 1; flex-basis: 50px; height: 20px"), n("flex-grow: 1; height: 10px"), n("flex-grow: 1; height: 10px")),
                ltr: [[0, 0, 100, 113], [0, 0, 100, 64], [0, 64, 100, 25], [0, 89, 100, 24]],
                rtl: [[0, 0, 100, 113], [0, 0, 100, 64], [0, 64, 100, 25], [0, 89, 100, 24]]),
        Fixture("rounding_fractial_input_2",
                n("width: 100px; height: 113.6px",
                  n("flex-grow: 1; flex-basis: 50px; height: 20px"), n("flex-grow: 1; height: 10px"), n("flex-grow: 1; height: 10px")),
                ltr: [[0, 0, 100, 114], [0, 0, 100, 65], [0, 65, 100, 24], [0, 89, 100, 25]],
                rtl: [[0, 0, 100, 114], [0, 0, 100, 65], [0, 65, 100, 24], [0, 89, 100, 25]]),
        Fixture("rounding_fractial_input_3",
                n("top: 0.3px; width: 100px; height: 113.4px",
                  n("flex-grow: 1; flex-basis: 50px; height: 20px"), n("flex-grow: 1; height: 10px"), n("flex-grow: 1; height: 10px")),
                ltr: [[0, 0, 100, 114], [0, 0, 100, 65], [0, 64, 100, 24], [0, 89, 100, 25]],
                rtl: [[0, 0, 100, 114], [0, 0, 100, 65], [0, 64, 100, 24], [0, 89, 100, 25]]),
        Fixture("rounding_fractial_input_4",
                n("top: 0.7px; height: 113.4px; width: 100px",
                  n("height: 20px; flex-grow: 1; flex-basis: 50px"), n("height: 10px; flex-grow: 1"), n("height: 10px; flex-grow: 1")),
                ltr: [[0, 1, 100, 113], [0, 0, 100, 64], [0, 64, 100, 25], [0, 89, 100, 24]],
                rtl: [[0, 1, 100, 113], [0, 0, 100, 64], [0, 64, 100, 25], [0, 89, 100, 24]]),
        Fixture("rounding_inner_node_controversy_horizontal",
                n("width: 320px; flex-direction: row",
                  n("height: 10px; flex-grow: 1"), n("height: 10px; flex-grow: 1", n("height: 10px; flex-grow: 1")),
                  n("height: 10px; flex-grow: 1")),
                ltr: [[0, 0, 320, 10], [0, 0, 107, 10], [107, 0, 106, 10], [0, 0, 106, 10], [213, 0, 107, 10]],
                rtl: [[0, 0, 320, 10], [213, 0, 107, 10], [107, 0, 106, 10], [0, 0, 106, 10], [0, 0, 107, 10]]),
        Fixture("rounding_inner_node_controversy_vertical",
                n("height: 320px",
                  n("width: 10px; flex-grow: 1"), n("width: 10px; flex-grow: 1", n("width: 10px; flex-grow: 1")),
                  n("width: 10px; flex-grow: 1")),
                ltr: [[0, 0, 10, 320], [0, 0, 10, 107], [0, 107, 10, 106], [0, 0, 10, 106], [0, 213, 10, 107]],
                rtl: [[0, 0, 10, 320], [0, 0, 10, 107], [0, 107, 10, 106], [0, 0, 10, 106], [0, 213, 10, 107]]),
        Fixture("rounding_inner_node_controversy_combined",
                n("width: 640px; height: 320px; flex-direction: row",
                  n("height: 100%; flex-grow: 1"),
                  n("height: 100%; flex-grow: 1; flex-direction: column",
                    n("width: 100%; flex-grow: 1"), n("width: 100%; flex-grow: 1", n("flex-grow: 1; width: 100%")),
                    n("width: 100%; flex-grow: 1")),
                  n("height: 100%; flex-grow: 1")),
                ltr: [[0, 0, 640, 320], [0, 0, 213, 320], [213, 0, 214, 320], [0, 0, 214, 107], [0, 107, 214, 106],
                      [0, 0, 214, 106], [0, 213, 214, 107], [427, 0, 213, 320]],
                rtl: [[0, 0, 640, 320], [427, 0, 213, 320], [213, 0, 214, 320], [0, 0, 214, 107], [0, 107, 214, 106],
                      [0, 0, 214, 106], [0, 213, 214, 107], [0, 0, 213, 320]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }

    /// Yoga's tests/YGRoundingMeasureFuncTest.cpp: a measured leaf's size is rounded up on the grid
    /// of each scale (0 leaves it unrounded).
    @Test(arguments: [(0.0, 10.2), (1.0, 11.0), (2.0, 10.5), (4.0, 10.25), (1.0 / 3.0, 12.0)] as [(Double, Double)])
    func measuredLeafRoundsUpOnTheGrid(_ scale: Double, _ expected: Double) {
        let leaf = LayoutNode(measure: { _, _, _, _ in LayoutSize(width: 10.2, height: 10.2) })
        let root = LayoutNode(children: [leaf])
        root.calculateLayout(direction: .ltr, pointScaleFactor: scale)
        #expect(abs(leaf.frame.width - expected) < 0.0001)
        #expect(abs(leaf.frame.height - expected) < 0.0001)
    }

    @Test func measuredLeafOfHalfAPointRoundsUp() {
        let leaf = LayoutNode(measure: { _, _, _, _ in LayoutSize(width: 10.5, height: 10.5) })
        let root = LayoutNode(children: [leaf])
        root.calculateLayout(direction: .ltr)
        #expect(leaf.frame.width == 11)
        #expect(leaf.frame.height == 11)
    }

    @Test func fractionalMeasureMatchingTheScaleKeepsItsSize() {
        let leaf = LayoutNode(style: LayoutStyle { $0.inset.left = 73.625 }, measure: { _, _, _, _ in LayoutSize(width: 0.5, height: 0.5) })
        let root = LayoutNode(style: LayoutStyle { $0.position = .absolute }, children: [leaf])
        root.calculateLayout(direction: .ltr, pointScaleFactor: 2)
        #expect(leaf.frame.width == 0.5)
        #expect(leaf.frame.height == 0.5)
        #expect(leaf.frame.left == 73.5)
    }

    /// At scale 3 the grid is a third of a point: seven children sharing 100 points (14.2857 each)
    /// get edges on the nearest third, as Yoga rounds each absolute edge (one is 14, the rest 14⅓).
    @Test func sevenChildrenShareARowOnTheThirdPointGrid() {
        let children = (0..<7).map { _ in LayoutNode(style: LayoutStyle { $0.flexGrow = 1 }) }
        let root = LayoutNode(style: LayoutStyle { $0.flexDirection = .row; $0.width = 100; $0.height = 10 }, children: children)
        root.calculateLayout(direction: .ltr, pointScaleFactor: 3)
        let thirds: [(left: Double, width: Double)] = [(0, 43), (43, 43), (86, 43), (129, 42), (171, 43), (214, 43), (257, 43)]
        for (child, expected) in zip(children, thirds) {
            #expect(abs(child.frame.left - expected.left / 3) < 1e-9)
            #expect(abs(child.frame.width - expected.width / 3) < 1e-9)
            #expect(child.frame.height == 10)
        }
    }

    /// Yoga's consistent_rounding_during_repeated_layouts: relayouts at scale 2 keep a measured
    /// leaf's height.
    @Test func repeatedLayoutsRoundTheSame() {
        let leaf = LayoutNode(measure: { _, _, _, _ in LayoutSize(width: 10, height: 10) })
        let root = LayoutNode(style: LayoutStyle { $0.margin.top = -1.49; $0.width = 500; $0.height = 500 },
                              children: [LayoutNode(children: [leaf])])
        for i in 0..<5 {
            root.style.margin.left = .points(Double(i + 1))
            root.calculateLayout(direction: .ltr, pointScaleFactor: 2)
            #expect(leaf.frame.height == 10)
        }
    }
}
