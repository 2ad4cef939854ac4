import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGGapTest.html with the frames the generated tests expect.
@Suite struct GapFixtureTests {
    static let w20 = n("width: 20px")
    static let sq20 = n("width: 20px; height: 20px")
    static func row(_ justify: String) -> String {
        "flex-direction: row; justify-content: \(justify); width: 100px; height: 100px; column-gap: 10px"
    }
    static func frames(_ lefts: [Double]) -> [[Double]] {
        [[0, 0, 100, 100]] + lefts.map { [$0, 0, 20, 100] }
    }

    static let fixtures: [Fixture] = [
        Fixture("column_gap_flexible",
                n("flex-direction: row; width: 80px; height: 100px; column-gap: 10px; row-gap: 20px", n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%"), n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%"), n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%")),
                ltr: [[0, 0, 80, 100], [0, 0, 20, 100], [30, 0, 20, 100], [60, 0, 20, 100]],
                rtl: [[0, 0, 80, 100], [60, 0, 20, 100], [30, 0, 20, 100], [0, 0, 20, 100]]),
        Fixture("column_gap_inflexible",
                n("flex-direction: row; width: 80px; height: 100px; column-gap: 10px", n("width: 20px"), n("width: 20px"), n("width: 20px")),
                ltr: [[0, 0, 80, 100], [0, 0, 20, 100], [30, 0, 20, 100], [60, 0, 20, 100]],
                rtl: [[0, 0, 80, 100], [60, 0, 20, 100], [30, 0, 20, 100], [0, 0, 20, 100]]),
        Fixture("column_gap_mixed_flexible",
                n("flex-direction: row; width: 80px; height: 100px; column-gap: 10px", n("width: 20px"), n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%"), n("width: 20px")),
                ltr: [[0, 0, 80, 100], [0, 0, 20, 100], [30, 0, 20, 100], [60, 0, 20, 100]],
                rtl: [[0, 0, 80, 100], [60, 0, 20, 100], [30, 0, 20, 100], [0, 0, 20, 100]]),
        Fixture("column_gap_child_margins",
                n("flex-direction: row; width: 80px; height: 100px; column-gap: 10px",
                  n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; margin-left: 2px; margin-right: 2px"),
                  n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; margin-left: 10px; margin-right: 10px"),
                  n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; margin-left: 15px; margin-right: 15px")),
                ltr: [[0, 0, 80, 100], [2, 0, 2, 100], [26, 0, 2, 100], [63, 0, 2, 100]],
                rtl: [[0, 0, 80, 100], [76, 0, 2, 100], [52, 0, 2, 100], [15, 0, 2, 100]]),
        Fixture("column_row_gap_wrapping",
                n("flex-direction: row; flex-wrap: wrap; width: 80px; column-gap: 10px; row-gap: 20px", n("width: 20px; height: 20px"), n("width: 20px; height: 20px"), n("width: 20px; height: 20px"), n("width: 20px; height: 20px"), n("width: 20px; height: 20px"), n("width: 20px; height: 20px"), n("width: 20px; height: 20px"), n("width: 20px; height: 20px"), n("width: 20px; height: 20px")),
                ltr: [[0, 0, 80, 100], [0, 0, 20, 20], [30, 0, 20, 20], [60, 0, 20, 20], [0, 40, 20, 20], [30, 40, 20, 20], [60, 40, 20, 20], [0, 80, 20, 20], [30, 80, 20, 20], [60, 80, 20, 20]],
                rtl: [[0, 0, 80, 100], [60, 0, 20, 20], [30, 0, 20, 20], [0, 0, 20, 20], [60, 40, 20, 20], [30, 40, 20, 20], [0, 40, 20, 20], [60, 80, 20, 20], [30, 80, 20, 20], [0, 80, 20, 20]]),
        Fixture("column_gap_justify_flex_start",
                n("flex-direction: row; width: 100px; height: 100px; column-gap: 10px", n("width: 20px"), n("width: 20px"), n("width: 20px")),
                ltr: [[0, 0, 100, 100], [0, 0, 20, 100], [30, 0, 20, 100], [60, 0, 20, 100]],
                rtl: [[0, 0, 100, 100], [80, 0, 20, 100], [50, 0, 20, 100], [20, 0, 20, 100]]),
        Fixture("column_gap_justify_center",
                n("flex-direction: row; justify-content: center; width: 100px; height: 100px; column-gap: 10px",
                  n("width: 20px"), n("width: 20px"), n("width: 20px")),
                ltr: [[0, 0, 100, 100], [10, 0, 20, 100], [40, 0, 20, 100], [70, 0, 20, 100]],
                rtl: [[0, 0, 100, 100], [70, 0, 20, 100], [40, 0, 20, 100], [10, 0, 20, 100]]),
        Fixture("column_gap_wrap_align_stretch",
                n("flex-direction: row; align-content: stretch; flex-wrap: wrap; width: 300px; height: 300px; column-gap: 5px",
                  n("flex-grow: 1; min-width: 60px"), n("flex-grow: 1; min-width: 60px"), n("flex-grow: 1; min-width: 60px"),
                  n("flex-grow: 1; min-width: 60px"), n("flex-grow: 1; min-width: 60px")),
                ltr: [[0, 0, 300, 300], [0, 0, 71, 150], [76, 0, 72, 150], [153, 0, 71, 150], [229, 0, 71, 150], [0, 150, 300, 150]],
                rtl: [[0, 0, 300, 300], [229, 0, 71, 150], [153, 0, 71, 150], [76, 0, 72, 150], [0, 0, 71, 150], [0, 150, 300, 150]]),
        Fixture("column_gap_determines_parent_width",
                n("flex-direction: row; height: 100px; column-gap: 10px", n("width: 10px"), n("width: 20px"), n("width: 30px")),
                ltr: [[0, 0, 80, 100], [0, 0, 10, 100], [20, 0, 20, 100], [50, 0, 30, 100]],
                rtl: [[0, 0, 80, 100], [70, 0, 10, 100], [40, 0, 20, 100], [0, 0, 30, 100]]),
        Fixture("column_gap_justify_flex_end", n(row("flex-end"), w20, w20, w20),
                ltr: frames([20, 50, 80]), rtl: frames([60, 30, 0])),
        Fixture("column_gap_justify_space_between", n(row("space-between"), w20, w20, w20),
                ltr: frames([0, 40, 80]), rtl: frames([80, 40, 0])),
        Fixture("column_gap_justify_space_around", n(row("space-around"), w20, w20, w20),
                ltr: frames([3, 40, 77]), rtl: frames([77, 40, 3])),
        Fixture("column_gap_justify_space_evenly", n(row("space-evenly"), w20, w20, w20),
                ltr: frames([5, 40, 75]), rtl: frames([75, 40, 5])),
        Fixture("column_gap_wrap_align_flex_start",
                n("flex-direction: row; flex-wrap: wrap; width: 100px; height: 100px; column-gap: 10px; row-gap: 20px",
                  sq20, sq20, sq20, sq20, sq20, sq20),
                ltr: [[0, 0, 100, 100], [0, 0, 20, 20], [30, 0, 20, 20], [60, 0, 20, 20], [0, 40, 20, 20], [30, 40, 20, 20], [60, 40, 20, 20]],
                rtl: [[0, 0, 100, 100], [80, 0, 20, 20], [50, 0, 20, 20], [20, 0, 20, 20], [80, 40, 20, 20], [50, 40, 20, 20], [20, 40, 20, 20]]),
        Fixture("row_gap_align_items_stretch",
                n("flex-direction: row; flex-wrap: wrap; width: 100px; height: 200px; column-gap: 10px; row-gap: 20px; align-items: stretch; align-content: stretch",
                  w20, w20, w20, w20, w20, w20),
                ltr: [[0, 0, 100, 200], [0, 0, 20, 90], [30, 0, 20, 90], [60, 0, 20, 90], [0, 110, 20, 90], [30, 110, 20, 90], [60, 110, 20, 90]],
                rtl: [[0, 0, 100, 200], [80, 0, 20, 90], [50, 0, 20, 90], [20, 0, 20, 90], [80, 110, 20, 90], [50, 110, 20, 90], [20, 110, 20, 90]]),
        Fixture("row_gap_align_items_end",
                n("flex-direction: row; align-items: flex-end; flex-wrap: wrap; width: 100px; height: 200px; column-gap: 10px; row-gap: 20px",
                  w20, w20, w20, w20, w20, w20),
                ltr: [[0, 0, 100, 200], [0, 0, 20, 0], [30, 0, 20, 0], [60, 0, 20, 0], [0, 20, 20, 0], [30, 20, 20, 0], [60, 20, 20, 0]],
                rtl: [[0, 0, 100, 200], [80, 0, 20, 0], [50, 0, 20, 0], [20, 0, 20, 0], [80, 20, 20, 0], [50, 20, 20, 0], [20, 20, 20, 0]]),
        Fixture("row_gap_column_child_margins",
                n("width: 100px; height: 200px; row-gap: 10px",
                  n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; margin-top: 2px; margin-bottom: 2px"),
                  n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; margin-top: 10px; margin-bottom: 10px"),
                  n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; margin-top: 15px; margin-bottom: 15px")),
                ltr: [[0, 0, 100, 200], [0, 2, 100, 42], [0, 66, 100, 42], [0, 143, 100, 42]],
                rtl: [[0, 0, 100, 200], [0, 2, 100, 42], [0, 66, 100, 42], [0, 143, 100, 42]]),
        Fixture("row_gap_row_wrap_child_margins",
                n("flex-direction: row; flex-wrap: wrap; width: 100px; height: 200px; row-gap: 10px",
                  n("margin-top: 2px; margin-bottom: 2px; width: 60px"),
                  n("margin-top: 10px; margin-bottom: 10px; width: 60px"),
                  n("margin-top: 15px; margin-bottom: 15px; width: 60px")),
                ltr: [[0, 0, 100, 200], [0, 2, 60, 0], [0, 24, 60, 0], [0, 59, 60, 0]],
                rtl: [[0, 0, 100, 200], [40, 2, 60, 0], [40, 24, 60, 0], [40, 59, 60, 0]]),
        Fixture("row_gap_determines_parent_height",
                n("width: 100px; row-gap: 10px", n("height: 10px"), n("height: 20px"), n("height: 30px")),
                ltr: [[0, 0, 100, 80], [0, 0, 100, 10], [0, 20, 100, 20], [0, 50, 100, 30]],
                rtl: [[0, 0, 100, 80], [0, 0, 100, 10], [0, 20, 100, 20], [0, 50, 100, 30]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
