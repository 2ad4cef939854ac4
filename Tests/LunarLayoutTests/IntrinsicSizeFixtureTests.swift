import LunarLayout
import Testing

/// The paragraph Yoga's IntrinsicSize fixtures measure.
let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed eleifasd et tortor ac auctor. Integer at volutpat libero, sed elementum dui interdum id. Aliquam consectetur massa vel neque aliquet, quis consequat risus fringilla. Fusce rhoncus ipsum tempor eros aliquam, vel tempus metus ullamcorper. Nam at nulla sed tellus vestibulum fringilla vel sit amet ligula. Proin velit lectus, euismod sit amet quam vel ultricies dolor, vitae finibus lorem ipsum. Pellentesque molestie at mi sit amet dictum. Donec vehicula lacinia felis sit amet consectetur. Praesent sodales enim sapien, sed varius ipsum pellentesque vel. Aenean eu mi eu justo tincidunt finibus vel sit amet ipsum. Sed bibasdum purus vel ipsum sagittis, quis fermentum dolor lobortis. Etiam vulputate eleifasd lectus vel varius. Phasellus imperdiet lectus sit amet ipsum egestas, ut bibasdum ipsum malesuada. Vestibulum ante ipsum primis in faucibus orci luctus et ultrices posuere cubilia Curae; Sed mollis eros sit amet elit porttitor, vel venenatis turpis venenatis. Nulla tempus tortor at eros efficitur, sit amet dapibus ipsum malesuada. Ut at mauris sed nunc malesuada convallis. Duis id sem vel magna varius eleifasd vel at est. Donec eget orci a ipsum tempor lobortis. Sed at consectetur ipsum."
let loremWithLongWord = lorem.replacingOccurrences(of: "finibus lorem ipsum. Pellentesque", with: "finibus loremipsumloremipsumloremipsumloremipsumloremipsumloremipsumloremipsumloremipsumloremipsumloremipsumloremipsumloremipsumloremipsumlorem Pellentesque")

// Cases from Yoga's gentest/fixtures/YGIntrinsicSizeTest.html with the frames the generated tests
// expect; the text leaves measure as Yoga's test utilities do (monospaceText).
@Suite struct IntrinsicSizeFixtureTests {
    static let fixtures: [Fixture] = [
        Fixture("contains_inner_text_max_width_max_height",
                n("align-items: flex-start; width: 2000px; height: 2000px", t("flex-direction: row; max-width: 50px; max-height: 20px", lorem)),
                ltr: [[0, 0, 2000, 2000], [0, 0, 50, 20]],
                rtl: [[0, 0, 2000, 2000], [1950, 0, 50, 20]]),
        Fixture("contains_inner_text_max_width",
                n("align-items: flex-start; width: 2000px; height: 2000px", t("flex-direction: row; max-width: 100px", lorem)),
                ltr: [[0, 0, 2000, 2000], [0, 0, 100, 1290]],
                rtl: [[0, 0, 2000, 2000], [1900, 0, 100, 1290]]),
        Fixture("contains_inner_text_fixed_width_shorter_text",
                n("align-items: flex-start; width: 2000px; height: 2000px", t("flex-direction: row; width: 100px", "Lorem ipsum")),
                ltr: [[0, 0, 2000, 2000], [0, 0, 100, 20]],
                rtl: [[0, 0, 2000, 2000], [1900, 0, 100, 20]]),
        Fixture("contains_inner_text_fixed_height_shorter_text",
                n("align-items: flex-start; width: 2000px; height: 2000px", t("flex-direction: row; height: 100px", "Lorem ipsum")),
                ltr: [[0, 0, 2000, 2000], [0, 0, 110, 100]],
                rtl: [[0, 0, 2000, 2000], [1890, 0, 110, 100]]),
        Fixture("contains_inner_text_max_height",
                n("align-items: flex-start; width: 2000px; height: 2000px", t("flex-direction: row; max-height: 20px", lorem)),
                ltr: [[0, 0, 2000, 2000], [0, 0, 2000, 20]],
                rtl: [[0, 0, 2000, 2000], [0, 0, 2000, 20]]),
        Fixture("contains_inner_text_long_word",
                n("align-items: flex-start; width: 2000px; height: 2000px", t("flex-direction: row", "LoremipsumdolorsitametconsecteturadipiscingelitSedeleifasdfettortoracauctorFuscerhoncusipsumtemporerosaliquamconsequatPraesentsoda")),
                ltr: [[0, 0, 2000, 2000], [0, 0, 1300, 10]],
                rtl: [[0, 0, 2000, 2000], [700, 0, 1300, 10]]),
        Fixture("contains_inner_text_no_width_no_height",
                n("align-items: flex-start; width: 2000px; height: 2000px", t("flex-direction: row", lorem)),
                ltr: [[0, 0, 2000, 2000], [0, 0, 2000, 70]],
                rtl: [[0, 0, 2000, 2000], [0, 0, 2000, 70]]),
        Fixture("contains_inner_text_no_width_no_height_long_word_in_paragraph",
                n("align-items: flex-start; width: 2000px; height: 2000px", t("flex-direction: row", loremWithLongWord)),
                ltr: [[0, 0, 2000, 2000], [0, 0, 2000, 70]],
                rtl: [[0, 0, 2000, 2000], [0, 0, 2000, 70]]),
        Fixture("contains_inner_text_fixed_width",
                n("align-items: flex-start; width: 2000px; height: 2000px", t("flex-direction: row; width: 100px", lorem)),
                ltr: [[0, 0, 2000, 2000], [0, 0, 100, 1290]],
                rtl: [[0, 0, 2000, 2000], [1900, 0, 100, 1290]]),
        Fixture("contains_inner_text_no_width_fixed_height",
                n("align-items: flex-start; width: 2000px; height: 2000px", t("flex-direction: row; height: 20px", lorem)),
                ltr: [[0, 0, 2000, 2000], [0, 0, 2000, 20]],
                rtl: [[0, 0, 2000, 2000], [0, 0, 2000, 20]]),
        Fixture("contains_inner_text_fixed_width_fixed_height",
                n("align-items: flex-start; width: 2000px; height: 2000px", t("flex-direction: row; width: 50px; height: 20px", lorem)),
                ltr: [[0, 0, 2000, 2000], [0, 0, 50, 20]],
                rtl: [[0, 0, 2000, 2000], [1950, 0, 50, 20]]),
    ]

    @Test(arguments: fixtures) func fixture(_ fixture: Fixture) {
        fixture.check()
    }
}
