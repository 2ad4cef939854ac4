import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGAlignSelfTest.html with the frames the generated tests expect.
@Suite struct AlignSelfFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("align_self_center",
                n("width: 100px; height: 100px", n("align-self: center; width: 10px; height: 10px")),
                ltr: [[0, 0, 100, 100], [45, 0, 10, 10]],
                rtl: [[0, 0, 100, 100], [45, 0, 10, 10]]),
        Fixture("align_self_flex_end",
                n("width: 100px; height: 100px", n("align-self: flex-end; width: 10px; height: 10px")),
                ltr: [[0, 0, 100, 100], [90, 0, 10, 10]],
                rtl: [[0, 0, 100, 100], [0, 0, 10, 10]]),
        Fixture("align_self_flex_start",
                n("width: 100px; height: 100px", n("align-self: flex-start; width: 10px; height: 10px")),
                ltr: [[0, 0, 100, 100], [0, 0, 10, 10]],
                rtl: [[0, 0, 100, 100], [90, 0, 10, 10]]),
        Fixture("align_self_flex_end_override_flex_start",
                n("align-items: flex-start; width: 100px; height: 100px", n("align-self: flex-end; width: 10px; height: 10px")),
                ltr: [[0, 0, 100, 100], [90, 0, 10, 10]],
                rtl: [[0, 0, 100, 100], [0, 0, 10, 10]]),
        Fixture("align_self_baseline",
                n("flex-direction: row; width: 100px; height: 100px",
                  n("align-self: baseline; width: 50px; height: 50px"),
                  n("align-self: baseline; width: 50px; height: 20px", n("width: 50px; height: 10px"))),
                ltr: [[0, 0, 100, 100], [0, 0, 50, 50], [50, 40, 50, 20], [0, 0, 50, 10]],
                rtl: [[0, 0, 100, 100], [50, 0, 50, 50], [0, 40, 50, 20], [0, 0, 50, 10]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
