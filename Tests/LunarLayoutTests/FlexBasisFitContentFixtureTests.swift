import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGFlexBasisFitContentTest.html with the frames the generated
// tests expect.
@Suite struct FlexBasisFitContentFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("container_child_overflows_definite_parent_column",
                n("width: 200px; height: 300px", n("", n("height: 500px; width: 50px"))),
                ltr: [[0, 0, 200, 300], [0, 0, 200, 500], [0, 0, 50, 500]],
                rtl: [[0, 0, 200, 300], [0, 0, 200, 500], [150, 0, 50, 500]]),
        Fixture("container_child_overflows_definite_parent_row",
                n("width: 300px; height: 200px; flex-direction: row", n("", n("width: 500px; height: 50px"))),
                ltr: [[0, 0, 300, 200], [0, 0, 500, 200], [0, 0, 500, 50]],
                rtl: [[0, 0, 300, 200], [-200, 0, 500, 200], [0, 0, 500, 50]]),
        Fixture("container_child_within_bounds_column",
                n("width: 200px; height: 300px", n("", n("height: 100px; width: 50px"))),
                ltr: [[0, 0, 200, 300], [0, 0, 200, 100], [0, 0, 50, 100]],
                rtl: [[0, 0, 200, 300], [0, 0, 200, 100], [150, 0, 50, 100]]),
        Fixture("multiple_container_children_overflow_column",
                n("width: 200px; height: 300px", n("", n("height: 400px")), n("", n("height: 500px"))),
                ltr: [[0, 0, 200, 300], [0, 0, 200, 400], [0, 0, 200, 400], [0, 400, 200, 500], [0, 0, 200, 500]],
                rtl: [[0, 0, 200, 300], [0, 0, 200, 400], [0, 0, 200, 400], [0, 400, 200, 500], [0, 0, 200, 500]]),
        Fixture("scroll_container_column",
                n("width: 200px; height: 300px; overflow: scroll", n("", n("height: 500px"))),
                ltr: [[0, 0, 200, 300], [0, 0, 200, 500], [0, 0, 200, 500]],
                rtl: [[0, 0, 200, 300], [0, 0, 200, 500], [0, 0, 200, 500]]),
        Fixture("explicit_and_container_children_column",
                n("width: 200px; height: 300px", n("height: 100px"), n("", n("height: 500px"))),
                ltr: [[0, 0, 200, 300], [0, 0, 200, 100], [0, 100, 200, 500], [0, 0, 200, 500]],
                rtl: [[0, 0, 200, 300], [0, 0, 200, 100], [0, 100, 200, 500], [0, 0, 200, 500]]),
        Fixture("flex_basis_in_scroll_content_container",
                n("width: 200px; height: 300px; overflow: scroll", n("", n("flex-basis: 200px"), n("flex-basis: 300px"))),
                ltr: [[0, 0, 200, 300], [0, 0, 200, 500], [0, 0, 200, 200], [0, 200, 200, 300]],
                rtl: [[0, 0, 200, 300], [0, 0, 200, 500], [0, 0, 200, 200], [0, 200, 200, 300]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
