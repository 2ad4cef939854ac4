import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGFlexWrapTest.html with the frames the generated tests expect.
@Suite struct FlexWrapFixtureTests {
    static let five = [n("width: 30px; height: 10px"), n("width: 30px; height: 20px"), n("width: 30px; height: 30px"),
                       n("width: 30px; height: 40px"), n("width: 30px; height: 50px")]
    static let reverseLTR: [[Double]] = [[0, 0, 100, 80], [0, 70, 30, 10], [30, 60, 30, 20], [60, 50, 30, 30], [0, 10, 30, 40], [30, 0, 30, 50]]
    static let reverseRTL: [[Double]] = [[0, 0, 100, 80], [70, 70, 30, 10], [40, 60, 30, 20], [10, 50, 30, 30], [70, 10, 30, 40], [40, 0, 30, 50]]

    static let fixtures: [Fixture] = [
        Fixture("flex_wrap_align_stretch_fits_one_row",
                n("width: 150px; height: 100px; flex-wrap: wrap; flex-direction: row", n("width: 50px"), n("width: 50px")),
                ltr: [[0, 0, 150, 100], [0, 0, 50, 0], [50, 0, 50, 0]],
                rtl: [[0, 0, 150, 100], [100, 0, 50, 0], [50, 0, 50, 0]]),
        Fixture("wrap_reverse_row_align_content_flex_start",
                FixtureNode(css: "width: 100px; flex-direction: row; flex-wrap: wrap-reverse; align-content: flex-start", children: five),
                ltr: reverseLTR, rtl: reverseRTL),
        Fixture("wrap_reverse_row_align_content_center",
                FixtureNode(css: "width: 100px; flex-direction: row; flex-wrap: wrap-reverse; align-content: center", children: five),
                ltr: reverseLTR, rtl: reverseRTL),
        Fixture("wrap_reverse_row_align_content_stretch",
                FixtureNode(css: "width: 100px; flex-direction: row; flex-wrap: wrap-reverse; align-content: stretch", children: five),
                ltr: reverseLTR, rtl: reverseRTL),
        Fixture("wrap_reverse_row_align_content_space_around",
                FixtureNode(css: "width: 100px; flex-direction: row; flex-wrap: wrap-reverse; align-content: space-around", children: five),
                ltr: reverseLTR, rtl: reverseRTL),
        Fixture("wrap_reverse_row_single_line_different_size",
                FixtureNode(css: "width: 300px; flex-direction: row; flex-wrap: wrap-reverse; align-content: flex-start", children: five),
                ltr: [[0, 0, 300, 50], [0, 40, 30, 10], [30, 30, 30, 20], [60, 20, 30, 30], [90, 10, 30, 40], [120, 0, 30, 50]],
                rtl: [[0, 0, 300, 50], [270, 40, 30, 10], [240, 30, 30, 20], [210, 20, 30, 30], [180, 10, 30, 40], [150, 0, 30, 50]]),
        Fixture("wrap_reverse_column_fixed_size",
                FixtureNode(css: "width: 200px; height: 100px; flex-wrap: wrap-reverse; align-items: center", children: five),
                ltr: [[0, 0, 200, 100], [170, 0, 30, 10], [170, 10, 30, 20], [170, 30, 30, 30], [170, 60, 30, 40], [140, 0, 30, 50]],
                rtl: [[0, 0, 200, 100], [0, 0, 30, 10], [0, 10, 30, 20], [0, 30, 30, 30], [0, 60, 30, 40], [30, 0, 30, 50]]),
        Fixture("wrapped_row_within_align_items_center",
                n("width: 200px; height: 200px; align-items: center",
                  n("flex-direction: row; flex-wrap: wrap", n("width: 150px; height: 80px"), n("width: 80px; height: 80px"))),
                ltr: [[0, 0, 200, 200], [0, 0, 200, 160], [0, 0, 150, 80], [0, 80, 80, 80]],
                rtl: [[0, 0, 200, 200], [0, 0, 200, 160], [50, 0, 150, 80], [120, 80, 80, 80]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
