import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGDisplayTest.html with the frames the generated tests expect.
@Suite struct DisplayFixtureTests {
    static let row = "flex-direction: row; position: absolute; width: 100px; height: 100px"
    static let fixtures: [Fixture] = [
        Fixture("display_none_with_child",
                n(row, n("flex: 1"), n("flex: 1; display: none", n("flex: 1; width: 20px")), n("flex: 1")),
                ltr: [[0, 0, 100, 100], [0, 0, 50, 100], [0, 0, 0, 0], [0, 0, 0, 0], [50, 0, 50, 100]],
                rtl: [[0, 0, 100, 100], [50, 0, 50, 100], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 50, 100]]),
        Fixture("display_none_with_position",
                n(row, n("flex-grow: 1"), n("flex-grow: 1; top: 10px; display: none")),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 100], [0, 0, 0, 0]],
                rtl: [[0, 0, 100, 100], [0, 0, 100, 100], [0, 0, 0, 0]]),
        Fixture("display_none_with_position_absolute",
                n("position: absolute; width: 100px; height: 100px", n("position: absolute; width: 100px; height: 100px; display: none")),
                ltr: [[0, 0, 100, 100], [0, 0, 0, 0]], rtl: [[0, 0, 100, 100], [0, 0, 0, 0]]),
        Fixture("display_contents",
                n(row, n("display: contents",
                         n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; height: 10px"),
                         n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; height: 20px"))),
                ltr: [[0, 0, 100, 100], [0, 0, 0, 0], [0, 0, 50, 10], [50, 0, 50, 20]],
                rtl: [[0, 0, 100, 100], [0, 0, 0, 0], [50, 0, 50, 10], [0, 0, 50, 20]]),
        Fixture("display_contents_fixed_size",
                n(row, n("width: 50px; height: 50px; display: contents",
                         n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; height: 10px"),
                         n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; height: 20px"))),
                ltr: [[0, 0, 100, 100], [0, 0, 0, 0], [0, 0, 50, 10], [50, 0, 50, 20]],
                rtl: [[0, 0, 100, 100], [0, 0, 0, 0], [50, 0, 50, 10], [0, 0, 50, 20]]),
        Fixture("display_contents_with_margin",
                n(row, n("margin: 10px; width: 20px; height: 20px; display: contents"), n("flex-grow: 1")),
                ltr: [[0, 0, 100, 100], [0, 0, 0, 0], [0, 0, 100, 100]],
                rtl: [[0, 0, 100, 100], [0, 0, 0, 0], [0, 0, 100, 100]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
