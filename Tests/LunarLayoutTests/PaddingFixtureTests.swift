import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGPaddingTest.html with the frames the generated tests expect.
@Suite struct PaddingFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("padding_center_child",
                n("justify-content: center; align-items: center; padding-start: 10px; padding-end: 20px; padding-bottom: 20px; width: 100px; height: 100px",
                  n("width: 10px; height: 10px")),
                ltr: [[0, 0, 100, 100], [40, 35, 10, 10]], rtl: [[0, 0, 100, 100], [50, 35, 10, 10]]),
        Fixture("child_with_padding_align_end",
                n("justify-content: flex-end; align-items: flex-end; width: 200px; height: 200px",
                  n("padding: 20px; width: 100px; height: 100px")),
                ltr: [[0, 0, 200, 200], [100, 100, 100, 100]], rtl: [[0, 0, 200, 200], [0, 100, 100, 100]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
