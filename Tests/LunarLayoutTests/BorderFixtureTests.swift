import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGBorderTest.html with the frames the generated tests expect.
@Suite struct BorderFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("border_no_size",
                n("border-width: 10px"),
                ltr: [[0, 0, 20, 20]], rtl: [[0, 0, 20, 20]]),
        Fixture("border_container_match_child",
                n("border-width: 10px", n("width: 10px; height: 10px")),
                ltr: [[0, 0, 30, 30], [10, 10, 10, 10]],
                rtl: [[0, 0, 30, 30], [10, 10, 10, 10]]),
        Fixture("border_flex_child",
                n("border-width: 10px; width: 100px; height: 100px", n("flex-grow: 1; width: 10px")),
                ltr: [[0, 0, 100, 100], [10, 10, 10, 80]],
                rtl: [[0, 0, 100, 100], [80, 10, 10, 80]]),
        Fixture("border_stretch_child",
                n("border-width: 10px; width: 100px; height: 100px", n("height: 10px")),
                ltr: [[0, 0, 100, 100], [10, 10, 80, 10]],
                rtl: [[0, 0, 100, 100], [10, 10, 80, 10]]),
        Fixture("border_center_child",
                n("justify-content: center; align-items: center; border-start-width: 10px; border-end-width: 20px; border-bottom-width: 20px; width: 100px; height: 100px",
                  n("width: 10px; height: 10px")),
                ltr: [[0, 0, 100, 100], [40, 35, 10, 10]],
                rtl: [[0, 0, 100, 100], [50, 35, 10, 10]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
