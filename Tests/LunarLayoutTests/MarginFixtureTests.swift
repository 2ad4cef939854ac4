import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGMarginTest.html with the frames the generated tests expect.
@Suite struct MarginFixtureTests {
    static let small = "position: absolute; justify-content: center; width: 52px; height: 52px"

    static let fixtures: [Fixture] = [
        Fixture("margin_should_not_be_part_of_max_height",
                n("position: absolute; width: 250px; height: 250px",
                  n("margin-top: 20px; width: 100px; height: 100px; max-height: 100px")),
                ltr: [[0, 0, 250, 250], [0, 20, 100, 100]], rtl: [[0, 0, 250, 250], [150, 20, 100, 100]]),
        Fixture("margin_should_not_be_part_of_max_width",
                n("position: absolute; width: 250px; height: 250px",
                  n("margin-left: 20px; width: 100px; max-width: 100px; height: 100px")),
                ltr: [[0, 0, 250, 250], [20, 0, 100, 100]], rtl: [[0, 0, 250, 250], [150, 0, 100, 100]]),
        Fixture("margin_auto_left_right_child_bigger_than_parent",
                n(small, n("margin-left: auto; margin-right: auto; width: 72px; height: 72px")),
                ltr: [[0, 0, 52, 52], [0, -10, 72, 72]], rtl: [[0, 0, 52, 52], [-20, -10, 72, 72]]),
        Fixture("margin_auto_left_child_bigger_than_parent",
                n(small, n("margin-left: auto; width: 72px; height: 72px")),
                ltr: [[0, 0, 52, 52], [0, -10, 72, 72]], rtl: [[0, 0, 52, 52], [-20, -10, 72, 72]]),
        Fixture("margin_fix_left_auto_right_child_bigger_than_parent",
                n(small, n("margin-left: 10px; margin-right: auto; width: 72px; height: 72px")),
                ltr: [[0, 0, 52, 52], [10, -10, 72, 72]], rtl: [[0, 0, 52, 52], [-20, -10, 72, 72]]),
        Fixture("margin_auto_left_fix_right_child_bigger_than_parent",
                n(small, n("margin-left: auto; margin-right: 10px; width: 72px; height: 72px")),
                ltr: [[0, 0, 52, 52], [0, -10, 72, 72]], rtl: [[0, 0, 52, 52], [-30, -10, 72, 72]]),
        Fixture("margin_auto_top_stretching_child",
                n("align-items: center; position: absolute; width: 200px; height: 200px",
                  n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; margin-top: auto"), n("width: 50px; height: 50px")),
                ltr: [[0, 0, 200, 200], [100, 0, 0, 150], [75, 150, 50, 50]],
                rtl: [[0, 0, 200, 200], [100, 0, 0, 150], [75, 150, 50, 50]]),
        Fixture("margin_auto_left_stretching_child",
                n("align-items: center; position: absolute; width: 200px; height: 200px",
                  n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; margin-left: auto"), n("width: 50px; height: 50px")),
                ltr: [[0, 0, 200, 200], [200, 0, 0, 150], [75, 150, 50, 50]],
                rtl: [[0, 0, 200, 200], [200, 0, 0, 150], [75, 150, 50, 50]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
