import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGPaddingTest.html with the frames the generated tests expect.
@Suite struct PaddingFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("padding_no_size", n("padding: 10px"), ltr: [[0, 0, 20, 20]], rtl: [[0, 0, 20, 20]]),
        Fixture("padding_container_match_child",
                n("padding: 10px", n("width: 10px; height: 10px")),
                ltr: [[0, 0, 30, 30], [10, 10, 10, 10]], rtl: [[0, 0, 30, 30], [10, 10, 10, 10]]),
        Fixture("padding_flex_child",
                n("padding: 10px; width: 100px; height: 100px", n("flex-grow: 1; width: 10px")),
                ltr: [[0, 0, 100, 100], [10, 10, 10, 80]], rtl: [[0, 0, 100, 100], [80, 10, 10, 80]]),
        Fixture("padding_stretch_child",
                n("padding: 10px; width: 100px; height: 100px", n("height: 10px")),
                ltr: [[0, 0, 100, 100], [10, 10, 80, 10]], rtl: [[0, 0, 100, 100], [10, 10, 80, 10]]),
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
