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
        Fixture("static_position_end_inset_amalgamation",
                n("position: absolute",
                  n("margin-left: 4px; margin-top: 5px; margin-right: 9px; margin-bottom: 1px; padding-left: 2px; padding-top: 9px; padding-right: 11px; padding-bottom: 13px; border-left-width: 5px; border-top-width: 6px; border-right-width: 7px; border-bottom-width: 8px; width: 500px; height: 500px",
                    n("position: static; margin-left: 8px; margin-top: 6px; margin-right: 3px; margin-bottom: 9px; padding-left: 1px; padding-top: 7px; padding-right: 9px; padding-bottom: 4px; border-left-width: 8px; border-top-width: 10px; border-right-width: 2px; border-bottom-width: 1px; width: 200px; height: 200px",
                      n("position: absolute; end: 4px; margin-left: 9px; margin-top: 12px; margin-right: 4px; margin-bottom: 7px; padding-left: 5px; padding-top: 3px; padding-right: 8px; padding-bottom: 10px; border-left-width: 2px; border-top-width: 1px; border-right-width: 5px; border-bottom-width: 9px; width: 41%; height: 63%")))),
                ltr: [[0, 0, 513, 506], [4, 5, 500, 500], [15, 21, 200, 200], [270, 29, 200, 306]],
                rtl: [[0, 0, 513, 506], [4, 5, 500, 500], [279, 21, 200, 200], [-261, 29, 200, 306]]),
        Fixture("static_position_row_reverse_amalgamation",
                n("position: absolute",
                  n("margin-left: 4px; margin-top: 5px; margin-right: 9px; margin-bottom: 1px; padding-left: 2px; padding-top: 9px; padding-right: 11px; padding-bottom: 13px; border-left-width: 5px; border-top-width: 6px; border-right-width: 7px; border-bottom-width: 8px",
                    n("flex-direction: row-reverse; position: static; margin-left: 8px; margin-top: 6px; margin-right: 3px; margin-bottom: 9px; padding-left: 1px; padding-top: 7px; padding-right: 9px; padding-bottom: 4px; border-left-width: 8px; border-top-width: 10px; border-right-width: 2px; border-bottom-width: 1px",
                      n("position: absolute; margin-left: 9px; margin-top: 12px; margin-right: 4px; margin-bottom: 7px; padding-left: 5px; padding-top: 3px; padding-right: 8px; padding-bottom: 10px; border-left-width: 2px; border-top-width: 1px; border-right-width: 5px; border-bottom-width: 9px; height: 12%",
                        n("margin-left: 9px; margin-top: 12px; margin-right: 4px; margin-bottom: 7px; padding-left: 5px; padding-top: 3px; padding-right: 8px; padding-bottom: 10px; border-left-width: 2px; border-top-width: 1px; border-right-width: 5px; border-bottom-width: 9px; width: 100px; height: 50px"))))),
                ltr: [[0, 0, 69, 79], [4, 5, 56, 73], [15, 21, 20, 22], [-128, 29, 133, 23], [16, 16, 100, 50]],
                rtl: [[0, 0, 69, 79], [4, 5, 56, 73], [15, 21, 20, 22], [18, 29, 133, 23], [16, 16, 100, 50]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
