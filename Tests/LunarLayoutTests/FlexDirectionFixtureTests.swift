import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGFlexDirectionTest.html
// with the frames tests/generated/*.cpp expect.
@Suite struct FlexDirectionFixtureTests {
    static let three10h = [n("height: 10px"), n("height: 10px"), n("height: 10px")]
    static let three10w = [n("width: 10px"), n("width: 10px"), n("width: 10px")]

    static let fixtures: [Fixture] = [
        Fixture("flex_direction_column_no_height",
                FixtureNode(css: "width: 100px", children: three10h),
                ltr: [[0, 0, 100, 30], [0, 0, 100, 10], [0, 10, 100, 10], [0, 20, 100, 10]],
                rtl: [[0, 0, 100, 30], [0, 0, 100, 10], [0, 10, 100, 10], [0, 20, 100, 10]]),
        Fixture("flex_direction_row_no_width",
                FixtureNode(css: "height: 100px; flex-direction: row", children: three10w),
                ltr: [[0, 0, 30, 100], [0, 0, 10, 100], [10, 0, 10, 100], [20, 0, 10, 100]],
                rtl: [[0, 0, 30, 100], [20, 0, 10, 100], [10, 0, 10, 100], [0, 0, 10, 100]]),
        Fixture("flex_direction_column",
                FixtureNode(css: "height: 100px; width: 100px", children: three10h),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 10], [0, 10, 100, 10], [0, 20, 100, 10]],
                rtl: [[0, 0, 100, 100], [0, 0, 100, 10], [0, 10, 100, 10], [0, 20, 100, 10]]),
        Fixture("flex_direction_row",
                FixtureNode(css: "height: 100px; width: 100px; flex-direction: row", children: three10w),
                ltr: [[0, 0, 100, 100], [0, 0, 10, 100], [10, 0, 10, 100], [20, 0, 10, 100]],
                rtl: [[0, 0, 100, 100], [90, 0, 10, 100], [80, 0, 10, 100], [70, 0, 10, 100]]),
        Fixture("flex_direction_column_reverse",
                FixtureNode(css: "height: 100px; width: 100px; flex-direction: column-reverse", children: three10h),
                ltr: [[0, 0, 100, 100], [0, 90, 100, 10], [0, 80, 100, 10], [0, 70, 100, 10]],
                rtl: [[0, 0, 100, 100], [0, 90, 100, 10], [0, 80, 100, 10], [0, 70, 100, 10]]),
        Fixture("flex_direction_row_reverse",
                FixtureNode(css: "height: 100px; width: 100px; flex-direction: row-reverse", children: three10w),
                ltr: [[0, 0, 100, 100], [90, 0, 10, 100], [80, 0, 10, 100], [70, 0, 10, 100]],
                rtl: [[0, 0, 100, 100], [0, 0, 10, 100], [10, 0, 10, 100], [20, 0, 10, 100]]),
        Fixture("flex_direction_column_reverse_margin_top",
                FixtureNode(css: "flex-direction: column-reverse; position: absolute; margin-top: 100px; width: 100px; height: 100px", children: three10w),
                ltr: [[0, 100, 100, 100], [0, 100, 10, 0], [0, 100, 10, 0], [0, 100, 10, 0]],
                rtl: [[0, 100, 100, 100], [90, 100, 10, 0], [90, 100, 10, 0], [90, 100, 10, 0]]),
        Fixture("flex_direction_row_reverse_padding_left",
                FixtureNode(css: "flex-direction: row-reverse; position: absolute; padding-left: 100px; width: 100px; height: 100px", children: three10w),
                ltr: [[0, 0, 100, 100], [90, 0, 10, 100], [80, 0, 10, 100], [70, 0, 10, 100]],
                rtl: [[0, 0, 100, 100], [100, 0, 10, 100], [110, 0, 10, 100], [120, 0, 10, 100]]),
        Fixture("flex_direction_row_reverse_padding_start",
                FixtureNode(css: "flex-direction: row-reverse; position: absolute; padding-start: 100px; width: 100px; height: 100px", children: three10w),
                ltr: [[0, 0, 100, 100], [90, 0, 10, 100], [80, 0, 10, 100], [70, 0, 10, 100]],
                rtl: [[0, 0, 100, 100], [0, 0, 10, 100], [10, 0, 10, 100], [20, 0, 10, 100]]),
        Fixture("flex_direction_row_reverse_padding_right",
                FixtureNode(css: "flex-direction: row-reverse; position: absolute; padding-right: 100px; width: 100px; height: 100px", children: three10w),
                ltr: [[0, 0, 100, 100], [-10, 0, 10, 100], [-20, 0, 10, 100], [-30, 0, 10, 100]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
