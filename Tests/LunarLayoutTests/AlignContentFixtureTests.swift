import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGAlignContentTest.html with the frames the generated tests expect.
@Suite struct AlignContentFixtureTests {
    static let c50x10 = n("width: 50px; height: 10px")
    static let c80 = n("width: 80%; height: 20px")

    static let fixtures: [Fixture] = [
        Fixture("align_content_flex_end_wrapped_negative_space_gap",
                n("border-width: 60px; width: 320px; height: 320px",
                  n("flex-direction: row; justify-content: center; align-content: flex-end; flex-wrap: wrap; height: 10px; column-gap: 10px; row-gap: 10px",
                    c80, c80, c80)),
                ltr: [[0, 0, 320, 320], [60, 60, 200, 10], [20, -70, 160, 20], [20, -40, 160, 20], [20, -10, 160, 20]],
                rtl: [[0, 0, 320, 320], [60, 60, 200, 10], [20, -70, 160, 20], [20, -40, 160, 20], [20, -10, 160, 20]]),
        Fixture("align_content_center_nowrap",
                n("flex-direction: row; align-content: center; width: 140px; height: 120px", c50x10, c50x10),
                ltr: [[0, 0, 140, 120], [0, 0, 50, 10], [50, 0, 50, 10]],
                rtl: [[0, 0, 140, 120], [90, 0, 50, 10], [40, 0, 50, 10]]),
        Fixture("align_content_center_wrap",
                n("flex-direction: row; align-content: center; flex-wrap: wrap; width: 140px; height: 120px",
                  c50x10, c50x10, c50x10, c50x10, c50x10),
                ltr: [[0, 0, 140, 120], [0, 45, 50, 10], [50, 45, 50, 10], [0, 55, 50, 10], [50, 55, 50, 10], [0, 65, 50, 10]],
                rtl: [[0, 0, 140, 120], [90, 45, 50, 10], [40, 45, 50, 10], [90, 55, 50, 10], [40, 55, 50, 10], [90, 65, 50, 10]]),
        Fixture("align_content_center_wrap_singleline",
                n("flex-direction: row; align-content: center; flex-wrap: wrap; width: 140px; height: 120px", c50x10, c50x10),
                ltr: [[0, 0, 140, 120], [0, 55, 50, 10], [50, 55, 50, 10]],
                rtl: [[0, 0, 140, 120], [90, 55, 50, 10], [40, 55, 50, 10]]),
        Fixture("align_content_center_wrapped_negative_space",
                n("border-width: 60px; width: 320px; height: 320px",
                  n("flex-direction: row; justify-content: center; align-content: center; flex-wrap: wrap; height: 10px",
                    c80, c80, c80)),
                ltr: [[0, 0, 320, 320], [60, 60, 200, 10], [20, -25, 160, 20], [20, -5, 160, 20], [20, 15, 160, 20]]),
        Fixture("align_content_space_evenly_wrapped_negative_space",
                n("border-width: 60px; width: 320px; height: 320px",
                  n("flex-direction: row; justify-content: center; align-content: space-evenly; flex-wrap: wrap; height: 10px",
                    c80, c80, c80)),
                ltr: [[0, 0, 320, 320], [60, 60, 200, 10], [20, -25, 160, 20], [20, -5, 160, 20], [20, 15, 160, 20]],
                rtl: [[0, 0, 320, 320], [60, 60, 200, 10], [20, -25, 160, 20], [20, -5, 160, 20], [20, 15, 160, 20]]),
        Fixture("align_content_space_evenly_wrapped_negative_space_gap",
                n("border-width: 60px; width: 320px; height: 320px",
                  n("flex-direction: row; justify-content: center; align-content: space-evenly; flex-wrap: wrap; height: 10px; column-gap: 10px; row-gap: 10px",
                    c80, c80, c80)),
                ltr: [[0, 0, 320, 320], [60, 60, 200, 10], [20, -35, 160, 20], [20, -5, 160, 20], [20, 25, 160, 20]],
                rtl: [[0, 0, 320, 320], [60, 60, 200, 10], [20, -35, 160, 20], [20, -5, 160, 20], [20, 25, 160, 20]]),
        Fixture("align_content_stretch",
                n("align-content: stretch; flex-wrap: wrap; width: 150px; height: 100px",
                  n("width: 50px"), n("width: 50px"), n("width: 50px"), n("width: 50px"), n("width: 50px")),
                ltr: [[0, 0, 150, 100], [0, 0, 50, 0], [0, 0, 50, 0], [0, 0, 50, 0], [0, 0, 50, 0], [0, 0, 50, 0]],
                rtl: [[0, 0, 150, 100], [100, 0, 50, 0], [100, 0, 50, 0], [100, 0, 50, 0], [100, 0, 50, 0], [100, 0, 50, 0]]),
        Fixture("align_content_stretch_row_with_flex_no_shrink",
                n("flex-direction: row; align-content: stretch; flex-wrap: wrap; width: 150px; height: 100px",
                  n("width: 50px"), n("flex-grow: 1; flex-shrink: 1; flex-basis: 0%; width: 50px"), n("width: 50px"),
                  n("flex-grow: 1; flex-basis: 0%; width: 50px"), n("width: 50px")),
                ltr: [[0, 0, 150, 100], [0, 0, 50, 100], [50, 0, 0, 100], [50, 0, 50, 100], [100, 0, 0, 100], [100, 0, 50, 100]],
                rtl: [[0, 0, 150, 100], [100, 0, 50, 100], [100, 0, 0, 100], [50, 0, 50, 100], [50, 0, 0, 100], [0, 0, 50, 100]]),
        Fixture("align_content_stretch_row_with_margin",
                n("flex-direction: row; align-content: stretch; flex-wrap: wrap; width: 150px; height: 100px",
                  n("width: 50px"), n("margin: 10px; width: 50px"), n("width: 50px"), n("margin: 10px; width: 50px"), n("width: 50px")),
                ltr: [[0, 0, 150, 100], [0, 0, 50, 40], [60, 10, 50, 20], [0, 40, 50, 40], [60, 50, 50, 20], [0, 80, 50, 20]],
                rtl: [[0, 0, 150, 100], [100, 0, 50, 40], [40, 10, 50, 20], [100, 40, 50, 40], [40, 50, 50, 20], [100, 80, 50, 20]]),
        Fixture("align_content_stretch_row_with_padding",
                n("flex-direction: row; align-content: stretch; flex-wrap: wrap; width: 150px; height: 100px",
                  n("width: 50px"), n("padding: 10px; width: 50px"), n("width: 50px"), n("padding: 10px; width: 50px"), n("width: 50px")),
                ltr: [[0, 0, 150, 100], [0, 0, 50, 50], [50, 0, 50, 50], [100, 0, 50, 50], [0, 50, 50, 50], [50, 50, 50, 50]],
                rtl: [[0, 0, 150, 100], [100, 0, 50, 50], [50, 0, 50, 50], [0, 0, 50, 50], [100, 50, 50, 50], [50, 50, 50, 50]]),
        Fixture("align_content_stretch_row_with_single_row",
                n("flex-direction: row; align-content: stretch; flex-wrap: wrap; width: 150px; height: 100px",
                  n("width: 50px"), n("width: 50px")),
                ltr: [[0, 0, 150, 100], [0, 0, 50, 100], [50, 0, 50, 100]],
                rtl: [[0, 0, 150, 100], [100, 0, 50, 100], [50, 0, 50, 100]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
