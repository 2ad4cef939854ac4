import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGFlexTest.html with the frames the generated tests expect.
@Suite struct FlexFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("flex_basis_flex_grow_column",
                n("width: 100px; height: 100px", n("flex-grow: 1; flex-basis: 50px"), n("flex-grow: 1")),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 75], [0, 75, 100, 25]],
                rtl: [[0, 0, 100, 100], [0, 0, 100, 75], [0, 75, 100, 25]]),
        Fixture("flex_shrink_flex_grow_row",
                n("flex-direction: row; width: 500px; height: 500px",
                  n("flex-shrink: 1; width: 500px; height: 100px"), n("flex-shrink: 1; width: 500px; height: 100px")),
                ltr: [[0, 0, 500, 500], [0, 0, 250, 100], [250, 0, 250, 100]],
                rtl: [[0, 0, 500, 500], [250, 0, 250, 100], [0, 0, 250, 100]]),
        Fixture("flex_shrink_flex_grow_child_flex_shrink_other_child",
                n("flex-direction: row; width: 500px; height: 500px",
                  n("flex-shrink: 1; width: 500px; height: 100px"), n("flex-grow: 1; flex-shrink: 1; width: 500px; height: 100px")),
                ltr: [[0, 0, 500, 500], [0, 0, 250, 100], [250, 0, 250, 100]],
                rtl: [[0, 0, 500, 500], [250, 0, 250, 100], [0, 0, 250, 100]]),
        Fixture("flex_basis_flex_grow_row",
                n("flex-direction: row; width: 100px; height: 100px", n("flex-grow: 1; flex-basis: 50px"), n("flex-grow: 1")),
                ltr: [[0, 0, 100, 100], [0, 0, 75, 100], [75, 0, 25, 100]],
                rtl: [[0, 0, 100, 100], [25, 0, 75, 100], [0, 0, 25, 100]]),
        Fixture("flex_basis_flex_shrink_column",
                n("width: 100px; height: 100px", n("flex-shrink: 1; flex-basis: 100px"), n("flex-basis: 50px")),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 50], [0, 50, 100, 50]],
                rtl: [[0, 0, 100, 100], [0, 0, 100, 50], [0, 50, 100, 50]]),
        Fixture("flex_basis_flex_shrink_row",
                n("flex-direction: row; width: 100px; height: 100px", n("flex-shrink: 1; flex-basis: 100px"), n("flex-basis: 50px")),
                ltr: [[0, 0, 100, 100], [0, 0, 50, 100], [50, 0, 50, 100]],
                rtl: [[0, 0, 100, 100], [50, 0, 50, 100], [0, 0, 50, 100]]),
        Fixture("flex_shrink_to_zero",
                n("height: 75px", n("width: 50px; height: 50px"), n("flex-shrink: 1; width: 50px; height: 50px"), n("width: 50px; height: 50px")),
                ltr: [[0, 0, 50, 75], [0, 0, 50, 50], [0, 50, 50, 0], [0, 50, 50, 50]],
                rtl: [[0, 0, 50, 75], [0, 0, 50, 50], [0, 50, 50, 0], [0, 50, 50, 50]]),
        Fixture("flex_basis_overrides_main_size",
                n("width: 100px; height: 100px",
                  n("flex-grow: 1; flex-basis: 50px; height: 20px"), n("flex-grow: 1; height: 10px"), n("flex-grow: 1; height: 10px")),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 60], [0, 60, 100, 20], [0, 80, 100, 20]],
                rtl: [[0, 0, 100, 100], [0, 0, 100, 60], [0, 60, 100, 20], [0, 80, 100, 20]]),
        Fixture("flex_grow_shrink_at_most",
                n("width: 100px; height: 100px", n("", n("flex-grow: 1; flex-shrink: 1"))),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 0], [0, 0, 100, 0]],
                rtl: [[0, 0, 100, 100], [0, 0, 100, 0], [0, 0, 100, 0]]),
        Fixture("flex_grow_less_than_factor_one",
                n("width: 200px; height: 500px",
                  n("flex-grow: 0.2; flex-basis: 40px"), n("flex-grow: 0.2"), n("flex-grow: 0.4")),
                ltr: [[0, 0, 200, 500], [0, 0, 200, 132], [0, 132, 200, 92], [0, 224, 200, 184]],
                rtl: [[0, 0, 200, 500], [0, 0, 200, 132], [0, 132, 200, 92], [0, 224, 200, 184]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
