import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGStaticPositionTest.html with the frames the generated tests expect.
@Suite struct StaticPositionFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("static_position_absolute_child_insets_relative_to_positioned_ancestor",
                n("position: absolute",
                  n("width: 200px; height: 200px",
                    n("position: static; margin-left: 100px; width: 100px; height: 100px",
                      n("position: absolute; left: 50px; top: 50px; width: 50px; height: 50px")))),
                ltr: [[0, 0, 200, 200], [0, 0, 200, 200], [100, 0, 100, 100], [-50, 50, 50, 50]],
                rtl: [[0, 0, 200, 200], [0, 0, 200, 200], [100, 0, 100, 100], [-50, 50, 50, 50]]),
        Fixture("static_position_absolute_child_insets_relative_to_positioned_ancestor_deep",
                n("position: absolute",
                  n("width: 200px; height: 200px",
                    n("position: static; margin-left: 100px; width: 100px; height: 100px",
                      n("position: static; margin-left: 100px; width: 100px; height: 100px",
                        n("position: static; margin-left: 100px; width: 100px; height: 100px",
                          n("position: static; margin-left: 100px; width: 100px; height: 100px",
                            n("position: absolute; left: 50px; top: 50px; width: 50px; height: 50px"))))))),
                ltr: [[0, 0, 200, 200], [0, 0, 200, 200], [100, 0, 100, 100], [100, 0, 100, 100], [100, 0, 100, 100],
                      [100, 0, 100, 100], [-350, 50, 50, 50]],
                rtl: [[0, 0, 200, 200], [0, 0, 200, 200], [100, 0, 100, 100], [0, 0, 100, 100], [0, 0, 100, 100],
                      [0, 0, 100, 100], [-50, 50, 50, 50]]),
        Fixture("static_position_absolute_child_width_percentage",
                n("position: absolute",
                  n("width: 200px; height: 200px",
                    n("position: static; width: 100px; height: 100px",
                      n("position: absolute; width: 50%; height: 50px")))),
                ltr: [[0, 0, 200, 200], [0, 0, 200, 200], [0, 0, 100, 100], [0, 0, 100, 50]],
                rtl: [[0, 0, 200, 200], [0, 0, 200, 200], [100, 0, 100, 100], [0, 0, 100, 50]]),
        Fixture("static_position_insets_have_no_effect_left_top",
                n("position: absolute", n("position: static; top: 50px; left: 50px; width: 100px; height: 100px")),
                ltr: [[0, 0, 100, 100], [0, 0, 100, 100]], rtl: [[0, 0, 100, 100], [0, 0, 100, 100]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
