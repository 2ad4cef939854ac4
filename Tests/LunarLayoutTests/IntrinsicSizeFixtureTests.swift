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

    /// The intrinsic size keywords (`max-content`, `fit-content`, `stretch`) as width, height and
    /// flex basis. Yoga skips (GTEST_SKIP) the fit-content cases, stretch as a height, every
    /// keyword as a min or max size, the row flex bases and the text_* cases; not ported.
    static let keywords: [Fixture] = [
        Fixture("max_content_width",
                n("flex-direction: row; width: max-content; flex-wrap: wrap",
                  n("width: 50px; height: 50px"), n("width: 100px; height: 50px"), n("width: 25px; height: 50px")),
                ltr: [[0, 0, 175, 50], [0, 0, 50, 50], [50, 0, 100, 50], [150, 0, 25, 50]],
                rtl: [[0, 0, 175, 50], [125, 0, 50, 50], [25, 0, 100, 50], [0, 0, 25, 50]]),
        Fixture("stretch_width",
                n("width: 500px",
                  n("flex-direction: row; width: stretch; flex-wrap: wrap",
                    n("width: 50px; height: 50px"), n("width: 100px; height: 50px"), n("width: 25px; height: 50px"))),
                ltr: [[0, 0, 500, 50], [0, 0, 500, 50], [0, 0, 50, 50], [50, 0, 100, 50], [150, 0, 25, 50]],
                rtl: [[0, 0, 500, 50], [0, 0, 500, 50], [450, 0, 50, 50], [350, 0, 100, 50], [325, 0, 25, 50]]),
        Fixture("max_content_height",
                n("height: max-content; flex-wrap: wrap",
                  n("width: 50px; height: 50px"), n("width: 50px; height: 100px"), n("width: 50px; height: 25px")),
                ltr: [[0, 0, 50, 175], [0, 0, 50, 50], [0, 50, 50, 100], [0, 150, 50, 25]],
                rtl: [[0, 0, 50, 175], [0, 0, 50, 50], [0, 50, 50, 100], [0, 150, 50, 25]]),
        Fixture("max_content_flex_basis_column",
                n("flex-basis: max-content; flex-wrap: wrap",
                  n("width: 50px; height: 50px"), n("width: 50px; height: 100px"), n("width: 50px; height: 25px")),
                ltr: [[0, 0, 50, 175], [0, 0, 50, 50], [0, 50, 50, 100], [0, 150, 50, 25]],
                rtl: [[0, 0, 50, 175], [0, 0, 50, 50], [0, 50, 50, 100], [0, 150, 50, 25]]),
        // Yoga's generator drops `flex-basis: -webkit-fill-available`; here it is kept, and lays out the same.
        Fixture("stretch_flex_basis_column",
                n("height: 500px",
                  n("flex-basis: stretch; flex-wrap: wrap",
                    n("width: 50px; height: 50px"), n("width: 50px; height: 100px"), n("width: 50px; height: 25px"))),
                ltr: [[0, 0, 50, 500], [0, 0, 50, 175], [0, 0, 50, 50], [0, 50, 50, 100], [0, 150, 50, 25]],
                rtl: [[0, 0, 50, 500], [0, 0, 50, 175], [0, 0, 50, 50], [0, 50, 50, 100], [0, 150, 50, 25]]),
    ]

    @Test(arguments: fixtures + keywords) func fixture(_ fixture: Fixture) {
        fixture.check()
    }

    /// As in Yoga, a keyword lays out as `auto` would: the same frames with either.
    @Test(arguments: [LayoutValue.maxContent, .fitContent, .stretch])
    func keywordLaysOutAsAuto(_ keyword: LayoutValue) {
        func frames(_ value: LayoutValue) -> [LayoutFrame] {
            let leaf = LayoutNode(style: LayoutStyle { $0.width = value; $0.flexBasis = value; $0.minHeight = value; $0.maxWidth = value },
                                  measure: { _, _, _, _ in LayoutSize(width: 30, height: 12) })
            let box = LayoutNode(style: LayoutStyle { $0.height = value; $0.padding = LayoutEdges(all: 4) }, children: [leaf])
            let root = LayoutNode(style: LayoutStyle { $0.width = 200; $0.alignItems = .flexStart }, children: [box])
            root.calculateLayout(width: nil, height: nil, direction: .ltr)
            return [root.frame, box.frame, leaf.frame]
        }
        #expect(frames(keyword) == frames(.auto))
        #expect(frames(keyword)[2] == LayoutFrame(left: 4, top: 4, width: 30, height: 12))
    }
}
