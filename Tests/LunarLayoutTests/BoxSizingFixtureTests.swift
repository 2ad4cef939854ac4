import LunarLayout
import Testing

// Cases from Yoga's gentest/fixtures/YGBoxSizingTest.html with the frames the generated tests expect.
@Suite struct BoxSizingFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("box_sizing_content_box_simple",
                n("position: absolute; width: 100px; height: 100px; padding: 5px; border-width: 10px; box-sizing: content-box"),
                ltr: [[0, 0, 130, 130]], rtl: [[0, 0, 130, 130]]),
        Fixture("box_sizing_border_box_simple",
                n("position: absolute; width: 100px; height: 100px; padding: 5px; border-width: 10px"),
                ltr: [[0, 0, 100, 100]], rtl: [[0, 0, 100, 100]]),
        Fixture("box_sizing_content_box_percent",
                n("position: absolute; width: 100px; height: 100px",
                  n("width: 50%; height: 25%; padding: 4px; border-width: 16px; box-sizing: content-box")),
                ltr: [[0, 0, 100, 100], [0, 0, 90, 65]], rtl: [[0, 0, 100, 100], [10, 0, 90, 65]]),
        Fixture("box_sizing_border_box_percent",
                n("position: absolute; width: 100px; height: 100px",
                  n("width: 50%; height: 25%; padding: 4px; border-width: 16px")),
                ltr: [[0, 0, 100, 100], [0, 0, 50, 40]], rtl: [[0, 0, 100, 100], [50, 0, 50, 40]]),
        Fixture("box_sizing_content_box_absolute",
                n("position: absolute; width: 100px; height: 100px",
                  n("height: 25%; padding: 12px; border-width: 8px; box-sizing: content-box; position: absolute")),
                ltr: [[0, 0, 100, 100], [0, 0, 40, 65]], rtl: [[0, 0, 100, 100], [60, 0, 40, 65]]),
        Fixture("box_sizing_content_box_comtaining_block",
                n("position: absolute; width: 100px; height: 100px; padding: 12px; border-width: 8px; box-sizing: content-box",
                  n("position: static", n("width: 50px; height: 25%; position: absolute"))),
                ltr: [[0, 0, 140, 140], [20, 20, 100, 0], [0, 0, 50, 31]],
                rtl: [[0, 0, 140, 140], [20, 20, 100, 0], [50, 0, 50, 31]]),
        Fixture("box_sizing_border_box_comtaining_block",
                n("position: absolute; width: 100px; height: 100px; padding: 12px; border-width: 8px",
                  n("position: static", n("width: 50px; height: 25%; position: absolute"))),
                ltr: [[0, 0, 100, 100], [20, 20, 60, 0], [0, 0, 50, 21]],
                rtl: [[0, 0, 100, 100], [20, 20, 60, 0], [10, 0, 50, 21]]),
        Fixture("box_sizing_content_box_padding_only",
                n("position: absolute; width: 100px; height: 100px; padding: 5px; box-sizing: content-box"),
                ltr: [[0, 0, 110, 110]], rtl: [[0, 0, 110, 110]]),
        Fixture("box_sizing_content_box_padding_only_percent",
                n("position: absolute; width: 100px; height: 150px",
                  n("width: 50px; height: 75px; padding: 10%; box-sizing: content-box")),
                ltr: [[0, 0, 100, 150], [0, 0, 70, 95]], rtl: [[0, 0, 100, 150], [30, 0, 70, 95]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
