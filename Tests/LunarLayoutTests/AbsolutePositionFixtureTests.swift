import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGAbsolutePositionTest.html with the frames the generated tests expect.
@Suite struct AbsolutePositionFixtureTests {
    static let box = "position: absolute; flex-grow: 1; width: 110px; height: 100px"
    static let child = "position: absolute; width: 60px; height: 40px"

    static let fixtures: [Fixture] = [
        Fixture("absolute_layout_align_items_and_justify_content_center",
                n("\(box); align-items: center; justify-content: center", n(child)),
                ltr: [[0, 0, 110, 100], [25, 30, 60, 40]], rtl: [[0, 0, 110, 100], [25, 30, 60, 40]]),
        Fixture("absolute_layout_align_items_and_justify_content_flex_end",
                n("\(box); align-items: flex-end; justify-content: flex-end", n(child)),
                ltr: [[0, 0, 110, 100], [50, 60, 60, 40]], rtl: [[0, 0, 110, 100], [0, 60, 60, 40]]),
        Fixture("absolute_layout_justify_content_center",
                n("\(box); justify-content: center", n(child)),
                ltr: [[0, 0, 110, 100], [0, 30, 60, 40]], rtl: [[0, 0, 110, 100], [50, 30, 60, 40]]),
        Fixture("absolute_layout_align_items_center",
                n("\(box); align-items: center", n(child)),
                ltr: [[0, 0, 110, 100], [25, 0, 60, 40]], rtl: [[0, 0, 110, 100], [25, 0, 60, 40]]),
        Fixture("absolute_layout_align_items_center_on_child_only",
                n(box, n("\(child); align-self: center")),
                ltr: [[0, 0, 110, 100], [25, 0, 60, 40]], rtl: [[0, 0, 110, 100], [25, 0, 60, 40]]),
        Fixture("absolute_layout_align_items_and_justify_content_center_and_top_position",
                n("\(box); align-items: center; justify-content: center", n("\(child); top: 10px")),
                ltr: [[0, 0, 110, 100], [25, 10, 60, 40]], rtl: [[0, 0, 110, 100], [25, 10, 60, 40]]),
        Fixture("absolute_layout_align_items_and_justify_content_center_and_bottom_position",
                n("\(box); align-items: center; justify-content: center", n("\(child); bottom: 10px")),
                ltr: [[0, 0, 110, 100], [25, 50, 60, 40]], rtl: [[0, 0, 110, 100], [25, 50, 60, 40]]),
        Fixture("absolute_layout_align_items_and_justify_content_center_and_left_position",
                n("\(box); align-items: center; justify-content: center", n("\(child); left: 5px")),
                ltr: [[0, 0, 110, 100], [5, 30, 60, 40]], rtl: [[0, 0, 110, 100], [5, 30, 60, 40]]),
        Fixture("absolute_layout_align_items_and_justify_content_center_and_right_position",
                n("\(box); align-items: center; justify-content: center", n("\(child); right: 5px")),
                ltr: [[0, 0, 110, 100], [45, 30, 60, 40]], rtl: [[0, 0, 110, 100], [45, 30, 60, 40]]),
        Fixture("position_root_with_rtl_should_position_withoutdirection",
                n("position: absolute; left: 72px; width: 52px; height: 52px"),
                ltr: [[72, 0, 52, 52]], rtl: [[72, 0, 52, 52]]),
        Fixture("absolute_layout_in_wrap_reverse_column_container",
                n("position: absolute; flex-wrap: wrap-reverse; width: 100px; height: 100px",
                  n("position: absolute; width: 20px; height: 20px")),
                ltr: [[0, 0, 100, 100], [80, 0, 20, 20]], rtl: [[0, 0, 100, 100], [0, 0, 20, 20]]),
        Fixture("absolute_layout_in_wrap_reverse_row_container",
                n("flex-direction: row; position: absolute; flex-wrap: wrap-reverse; width: 100px; height: 100px",
                  n("position: absolute; width: 20px; height: 20px")),
                ltr: [[0, 0, 100, 100], [0, 80, 20, 20]], rtl: [[0, 0, 100, 100], [80, 80, 20, 20]]),
        Fixture("absolute_layout_in_wrap_reverse_column_container_flex_end",
                n("position: absolute; flex-wrap: wrap-reverse; width: 100px; height: 100px",
                  n("align-self: flex-end; position: absolute; width: 20px; height: 20px")),
                ltr: [[0, 0, 100, 100], [0, 0, 20, 20]], rtl: [[0, 0, 100, 100], [80, 0, 20, 20]]),
        Fixture("absolute_layout_in_wrap_reverse_row_container_flex_end",
                n("flex-direction: row; position: absolute; flex-wrap: wrap-reverse; width: 100px; height: 100px",
                  n("align-self: flex-end; position: absolute; width: 20px; height: 20px")),
                ltr: [[0, 0, 100, 100], [0, 0, 20, 20]], rtl: [[0, 0, 100, 100], [80, 0, 20, 20]]),
        Fixture("percent_absolute_position_infinite_height",
                n("position: absolute; width: 300px",
                  n("width: 300px"),
                  n("position: absolute; left: 20%; top: 20%; width: 20%; height: 20%")),
                ltr: [[0, 0, 300, 0], [0, 0, 300, 0], [60, 0, 60, 0]],
                rtl: [[0, 0, 300, 0], [0, 0, 300, 0], [60, 0, 60, 0]]),
        Fixture("absolute_layout_percentage_height_based_on_padded_parent",
                n("position: absolute; padding-top: 10px; border-top-width: 10px; width: 100px; height: 100px",
                  n("position: absolute; width: 100px; height: 50%")),
                ltr: [[0, 0, 100, 100], [0, 20, 100, 45]], rtl: [[0, 0, 100, 100], [0, 20, 100, 45]]),
        Fixture("absolute_layout_percentage_height_based_on_padded_parent_and_align_items_center",
                n("justify-content: center; align-items: center; padding-top: 20px; padding-bottom: 20px; width: 100px; height: 100px",
                  n("position: absolute; width: 100px; height: 50%")),
                ltr: [[0, 0, 100, 100], [0, 25, 100, 50]], rtl: [[0, 0, 100, 100], [0, 25, 100, 50]]),
        Fixture("absolute_layout_padding_left",
                n("position: absolute; padding-left: 100px; width: 200px; height: 200px",
                  n("position: absolute; width: 50px; height: 50px")),
                ltr: [[0, 0, 200, 200], [100, 0, 50, 50]], rtl: [[0, 0, 200, 200], [150, 0, 50, 50]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
