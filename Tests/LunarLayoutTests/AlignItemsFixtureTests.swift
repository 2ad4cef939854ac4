import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGAlignItemsTest.html with the frames the generated tests expect.
@Suite struct AlignItemsFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("align_baseline_child",
                n("width: 100px; height: 100px; flex-direction: row; align-items: baseline",
                  n("width: 50px; height: 50px"), n("width: 50px; height: 20px", n("width: 50px; height: 10px"))),
                ltr: [[0, 0, 100, 100], [0, 0, 50, 50], [50, 40, 50, 20], [0, 0, 50, 10]],
                rtl: [[0, 0, 100, 100], [50, 0, 50, 50], [0, 40, 50, 20], [0, 0, 50, 10]]),
        Fixture("align_baseline_child_multiline",
                n("width: 100px; height: 100px; flex-direction: row; align-items: baseline",
                  n("width: 50px; height: 60px"),
                  n("width: 50px; height: 25px; flex-wrap: wrap; flex-direction: row",
                    n("width: 25px; height: 20px"), n("width: 25px; height: 10px"),
                    n("width: 25px; height: 20px"), n("width: 25px; height: 10px"))),
                ltr: [[0, 0, 100, 100], [0, 0, 50, 60], [50, 40, 50, 25],
                      [0, 0, 25, 20], [25, 0, 25, 10], [0, 20, 25, 20], [25, 20, 25, 10]],
                rtl: [[0, 0, 100, 100], [50, 0, 50, 60], [0, 40, 50, 25],
                      [25, 0, 25, 20], [0, 0, 25, 10], [25, 20, 25, 20], [0, 20, 25, 10]]),
        Fixture("align_baseline_child_multiline_override",
                n("width: 100px; height: 100px; flex-direction: row; align-items: baseline",
                  n("width: 50px; height: 60px"),
                  n("width: 50px; height: 25px; flex-wrap: wrap; flex-direction: row",
                    n("width: 25px; height: 20px"), n("width: 25px; height: 10px; align-self: baseline"),
                    n("width: 25px; height: 20px"), n("width: 25px; height: 10px; align-self: baseline"))),
                ltr: [[0, 0, 100, 100], [0, 0, 50, 60], [50, 50, 50, 25],
                      [0, 0, 25, 20], [25, 0, 25, 10], [0, 20, 25, 20], [25, 20, 25, 10]],
                rtl: [[0, 0, 100, 100], [50, 0, 50, 60], [0, 50, 50, 25],
                      [25, 0, 25, 20], [0, 0, 25, 10], [25, 20, 25, 20], [0, 20, 25, 10]]),
        Fixture("align_baseline_multiline_row_and_column",
                n("flex-direction: row; align-items: baseline; flex-wrap: wrap; width: 100px; height: 100px",
                  n("width: 50px; height: 50px"), n("width: 50px; height: 50px", n("width: 50px; height: 10px")),
                  n("width: 50px; height: 20px", n("width: 50px; height: 10px")), n("width: 50px; height: 20px")),
                ltr: [[0, 0, 100, 100], [0, 0, 50, 50], [50, 40, 50, 50], [0, 0, 50, 10], [0, 100, 50, 20], [0, 0, 50, 10], [50, 90, 50, 20]],
                rtl: [[0, 0, 100, 100], [50, 0, 50, 50], [0, 40, 50, 50], [0, 0, 50, 10], [50, 100, 50, 20], [0, 0, 50, 10], [0, 90, 50, 20]]),
        Fixture("align_items_center_child_with_margin_bigger_than_parent",
                n("justify-content: center; align-items: center; width: 52px; height: 52px",
                  n("align-items: center", n("margin-left: 10px; margin-right: 10px; width: 52px; height: 52px"))),
                ltr: [[0, 0, 52, 52], [-10, 0, 72, 52], [10, 0, 52, 52]],
                rtl: [[0, 0, 52, 52], [-10, 0, 72, 52], [10, 0, 52, 52]]),
        Fixture("align_items_flex_end_child_with_margin_bigger_than_parent",
                n("justify-content: center; align-items: center; width: 52px; height: 52px",
                  n("align-items: flex-end", n("margin-left: 10px; margin-right: 10px; width: 52px; height: 52px"))),
                ltr: [[0, 0, 52, 52], [-10, 0, 72, 52], [10, 0, 52, 52]],
                rtl: [[0, 0, 52, 52], [-10, 0, 72, 52], [10, 0, 52, 52]]),
        Fixture("align_items_center_child_without_margin_bigger_than_parent",
                n("justify-content: center; align-items: center; width: 52px; height: 52px",
                  n("align-items: center", n("width: 72px; height: 72px"))),
                ltr: [[0, 0, 52, 52], [-10, -10, 72, 72], [0, 0, 72, 72]],
                rtl: [[0, 0, 52, 52], [-10, -10, 72, 72], [0, 0, 72, 72]]),
        Fixture("align_items_flex_end_child_without_margin_bigger_than_parent",
                n("justify-content: center; align-items: center; width: 52px; height: 52px",
                  n("align-items: flex-end", n("width: 72px; height: 72px"))),
                ltr: [[0, 0, 52, 52], [-10, -10, 72, 72], [0, 0, 72, 72]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
