import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGDimensionTest.html and YGAutoTest.html with the frames the
// generated tests expect.
@Suite struct DimensionFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("wrap_child",
                n("", n("width: 100px; height: 100px")),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 100]],
                rtl: [[0, 0, 100, 100], [0, 0, 100, 100]]),
        Fixture("wrap_grandchild",
                n("", n("", n("width: 100px; height: 100px"))),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 100], [0, 0, 100, 100]],
                rtl: [[0, 0, 100, 100], [0, 0, 100, 100], [0, 0, 100, 100]]),
        Fixture("auto_width",
                n("width: auto; height: 50px; flex-direction: row",
                  n("width: 50px; height: 50px"), n("width: 50px; height: 50px"), n("width: 50px; height: 50px")),
                ltr: [[0, 0, 150, 50], [0, 0, 50, 50], [50, 0, 50, 50], [100, 0, 50, 50]],
                rtl: [[0, 0, 150, 50], [100, 0, 50, 50], [50, 0, 50, 50], [0, 0, 50, 50]]),
        Fixture("auto_height",
                n("width: 50px; height: auto",
                  n("width: 50px; height: 50px"), n("width: 50px; height: 50px"), n("width: 50px; height: 50px")),
                ltr: [[0, 0, 50, 150], [0, 0, 50, 50], [0, 50, 50, 50], [0, 100, 50, 50]],
                rtl: [[0, 0, 50, 150], [0, 0, 50, 50], [0, 50, 50, 50], [0, 100, 50, 50]]),
        Fixture("auto_flex_basis",
                n("width: 50px; flex-basis: auto",
                  n("width: 50px; height: 50px"), n("width: 50px; height: 50px"), n("width: 50px; height: 50px")),
                ltr: [[0, 0, 50, 150], [0, 0, 50, 50], [0, 50, 50, 50], [0, 100, 50, 50]],
                rtl: [[0, 0, 50, 150], [0, 0, 50, 50], [0, 50, 50, 50], [0, 100, 50, 50]]),
        Fixture("auto_position",
                n("width: 50px; height: 50px", n("width: 25px; height: 25px; right: auto")),
                ltr: [[0, 0, 50, 50], [0, 0, 25, 25]],
                rtl: [[0, 0, 50, 50], [25, 0, 25, 25]]),
        Fixture("auto_margin",
                n("width: 50px; height: 50px", n("width: 25px; height: 25px; margin-left: auto")),
                ltr: [[0, 0, 50, 50], [25, 0, 25, 25]],
                rtl: [[0, 0, 50, 50], [25, 0, 25, 25]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
