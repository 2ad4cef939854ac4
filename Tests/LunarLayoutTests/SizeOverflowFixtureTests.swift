import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGSizeOverflowTest.html and YGDisplayTest.html with the frames
// the generated tests expect.
@Suite struct SizeOverflowFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("nested_overflowing_child",
                n("width: 100px; height: 100px", n("", n("width: 200px; height: 200px"))),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 200], [0, 0, 200, 200]],
                rtl: [[0, 0, 100, 100], [0, 0, 100, 200], [-100, 0, 200, 200]]),
        Fixture("nested_overflowing_child_in_constraint_parent",
                n("width: 100px; height: 100px", n("width: 100px; height: 100px", n("width: 200px; height: 200px"))),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 100], [0, 0, 200, 200]],
                rtl: [[0, 0, 100, 100], [0, 0, 100, 100], [-100, 0, 200, 200]]),
        Fixture("parent_wrap_child_size_overflowing_parent",
                n("width: 100px; height: 100px", n("width: 100px", n("width: 100px; height: 200px"))),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 200], [0, 0, 100, 200]],
                rtl: [[0, 0, 100, 100], [0, 0, 100, 200], [0, 0, 100, 200]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
