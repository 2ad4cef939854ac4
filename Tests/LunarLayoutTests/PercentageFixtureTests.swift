import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGPercentageTest.html with the frames the generated tests expect.
@Suite struct PercentageFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("percentage_multiple_nested_with_padding_margin_and_percentage_values",
                n("width: 200px; height: 200px",
                  n("flex-grow: 1; flex-basis: 10%; min-width: 60%; margin: 5px; padding: 3px",
                    n("width: 50%; margin: 5px; padding: 3%", n("width: 45%; margin: 5%; padding: 3px"))),
                  n("flex-grow: 4; flex-basis: 15%; min-width: 20%")),
                ltr: [[0, 0, 200, 200], [5, 5, 190, 48], [8, 8, 92, 25], [10, 10, 36, 6], [0, 58, 200, 142]],
                rtl: [[0, 0, 200, 200], [5, 5, 190, 48], [90, 8, 92, 25], [46, 10, 36, 6], [0, 58, 200, 142]]),
        Fixture("percentage_margin_should_calculate_based_only_on_width",
                n("position: absolute; width: 200px; height: 100px", n("flex-grow: 1; margin: 10%", n("width: 10px; height: 10px"))),
                ltr: [[0, 0, 200, 100], [20, 20, 160, 60], [0, 0, 10, 10]],
                rtl: [[0, 0, 200, 100], [20, 20, 160, 60], [150, 0, 10, 10]]),
        Fixture("percentage_padding_should_calculate_based_only_on_width",
                n("position: absolute; width: 200px; height: 100px", n("flex-grow: 1; padding: 10%", n("width: 10px; height: 10px"))),
                ltr: [[0, 0, 200, 100], [0, 0, 200, 100], [20, 20, 10, 10]],
                rtl: [[0, 0, 200, 100], [0, 0, 200, 100], [170, 20, 10, 10]]),
        Fixture("percentage_absolute_position",
                n("position: absolute; width: 200px; height: 100px",
                  n("position: absolute; top: 10%; left: 30%; width: 10px; height: 10px")),
                ltr: [[0, 0, 200, 100], [60, 10, 10, 10]], rtl: [[0, 0, 200, 100], [60, 10, 10, 10]]),
        Fixture("percentage_width_height_undefined_parent_size",
                n("position: absolute", n("width: 50%; height: 50%")),
                ltr: [[0, 0, 0, 0], [0, 0, 0, 0]], rtl: [[0, 0, 0, 0], [0, 0, 0, 0]]),
        Fixture("percent_within_flex_grow",
                n("flex-direction: row; position: absolute; width: 350px; height: 100px",
                  n("width: 100px"), n("flex-grow: 1", n("width: 100%")), n("width: 100px")),
                ltr: [[0, 0, 350, 100], [0, 0, 100, 100], [100, 0, 150, 100], [0, 0, 150, 0], [250, 0, 100, 100]],
                rtl: [[0, 0, 350, 100], [250, 0, 100, 100], [100, 0, 150, 100], [0, 0, 150, 0], [0, 0, 100, 100]]),
        Fixture("percentage_container_in_wrapping_container",
                n("justify-content: center; align-items: center; position: absolute; width: 200px; height: 200px",
                  n("", n("flex-direction: row; justify-content: center; width: 100%",
                          n("width: 50px; height: 50px"), n("width: 50px; height: 50px")))),
                ltr: [[0, 0, 200, 200], [50, 75, 100, 50], [0, 0, 100, 50], [0, 0, 50, 50], [50, 0, 50, 50]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
