import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGRoundingTest.html with the frames the generated tests expect.
@Suite struct RoundingFixtureTests {
    static let fixtures: [Fixture] = [
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
}
