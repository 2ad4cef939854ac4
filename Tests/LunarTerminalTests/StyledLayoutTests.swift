import LunarUI
import Testing

@testable import LunarTerminal

private let screen = ScreenID(1)

/// A card: a header bar with a background, a bordered card with rounded corners, two columns.
let styledScreen = Element.column([
    Element(.view, children: [.text("Lunar").styled(["color": .string("white"), "fontWeight": .string("bold")])])
        .styled(["backgroundColor": .string("#1e90ff"), "paddingHorizontal": .number(8)]),
    Element(.view, children: [
        .text("Card title").styled(["fontWeight": .string("bold")]),
        .text("A bordered card"),
    ]).styled(["borderWidth": .number(1), "borderRadius": .number(6), "borderColor": .string("gray"),
               "margin": .number(8), "paddingHorizontal": .number(8)]),
    .row([
        Element(.view, children: [.text("Left"), .text("column")]).styled(["flex": .number(1)]),
        Element(.view, children: [.text("Right"), .text("column")]).styled(["flex": .number(1)]),
    ]),
])

private func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }

@Suite struct StyledLayoutTests {
    @Test func headerBarBorderedCardAndTwoColumns() {
        let harness = TerminalHarness(width: 40, height: 12)
        harness.render(styledScreen, on: screen)
        harness.renderer.push(screen, title: "Styled")
        let frame = harness.frame
        // 37 content columns; a margin of 8 points is one column and half a row (rounded up).
        #expect(Array(frame.lines[1...8]) == [
            "   Lunar",
            "",
            "   ╭" + String(repeating: "─", count: 33) + "╮",
            "   │ Card title" + spaces(22) + "│",
            "   │ A bordered card" + spaces(17) + "│",
            "   ╰" + String(repeating: "─", count: 33) + "╯",
            "  Left" + spaces(15) + "Right",
            "  column" + spaces(13) + "column",
        ])
        let blue = Color(parsing: "#1e90ff")
        #expect(frame.grid[1, 2].paint.background == blue, "the header bar's background fills its box")
        #expect(frame.grid[1, 38].paint.background == blue)
        #expect(frame.grid[1, 3].paint.foreground == Color(parsing: "white") && frame.grid[1, 3].paint.bold)
        #expect(frame.grid[1, 3].paint.background == blue, "text keeps the background it is written on")
        #expect(frame.grid[2, 2].paint.background == nil)
        #expect(frame.grid[3, 3].paint.foreground == Color(parsing: "gray"), "the border in its colour")
        #expect(frame.grid[4, 5].paint.bold && !frame.grid[5, 5].paint.bold)
    }

    @Test func squareAsciiDashedAndPerEdgeBorders() {
        let harness = TerminalHarness(width: 20, height: 8)
        harness.render(.column([
            Element(.view, children: [.text("a")]).styled(["borderWidth": .number(2), "borderStyle": .string("dashed")]),
            Element(.view, children: [.text("b")]).styled(["borderTopWidth": .number(1), "borderBottomWidth": .number(1)]),
        ]), on: screen)
        harness.renderer.push(screen, title: nil)
        #expect(Array(harness.lines[1...6]) == [
            "  ┌" + String(repeating: "╌", count: 15) + "┐",
            "  ╎a" + spaces(14) + "╎",
            "  └" + String(repeating: "╌", count: 15) + "┘",
            "  " + String(repeating: "─", count: 17),
            "  b",
            "  " + String(repeating: "─", count: 17),
        ])
        harness.renderer.glyphs = .ascii
        #expect(harness.lines[1] == "  +" + String(repeating: "-", count: 15) + "+")
    }

    @Test func switchSpinnerImageAndAlignedText() {
        let harness = TerminalHarness(width: 30, height: 12)
        harness.render(.column([
            .row([Element(.switch, props: [.value: true]), Element(.switch, props: [.value: false]), Element(.activityIndicator)])
                .styled(["columnGap": .number(8)]),
            Element.image(alt: "Logo").styled(["width": .number(80), "height": .number(48)]),
            Element.image(alt: "Inline"),
            Element.text("centred").styled(["textAlign": .string("center")]),
            Element.text("right").styled(["textAlign": .string("right")]),
            Element.text("shout").styled(["textTransform": .string("uppercase")]),
            Element.text("one two three four five six seven eight nine ten eleven").styled(["numberOfLines": .number(1)]),
        ]), on: screen)
        harness.renderer.push(screen, title: nil)
        #expect(Array(harness.lines[1...9]) == [
            "  [x] [ ] ⠋",
            "  ┌────────┐",
            "  │  Logo  │",
            "  └────────┘",
            "  [image: Inline]",
            "            centred",
            spaces(24) + "right",
            "  SHOUT",
            "  one two three four five si…",  // 27 columns: the ellipsis takes the last
        ])
        #expect(harness.frame.grid[2, 2].style == .hint, "an image placeholder is dimmed")
    }

    @Test func aSmallImageShowsItsAltTextCutInItsMiddle() {
        let harness = TerminalHarness(width: 30, height: 6)
        harness.render(.column([
            Element.image(alt: "Signals icon").styled(["width": .number(48), "height": .number(32)]),
            Element.image(alt: "Map").styled(["width": .number(48), "height": .number(16)]),
        ]), on: screen)
        harness.renderer.push(screen, title: nil)
        // 6 columns by 2 rows: no room for a box or for "[image: Signals icon]".
        #expect(Array(harness.lines[1...3]) == ["  Signa…", "", "   Map"])
    }

    @Test func scrollViewClipsItsContentAndScrollsToTheFocus() {
        let harness = TerminalHarness(width: 30, height: 10)
        let rows = (0..<6).map { Element(.pressable, events: [.press], children: [.text("Row \($0)")]) }
        harness.render(.column([
            Element(.scrollView, children: rows).styled(["height": .number(48)]),
            .text("After"),
        ]), on: screen)
        harness.renderer.push(screen, title: nil)
        #expect(Array(harness.lines[1...4]) == ["  Row 0", "  Row 1", "  Row 2", "  After"],
                "three rows show; the rest is clipped, not drawn over what follows")
        harness.press(.tab, .tab, .tab, .tab, .tab)
        #expect(Array(harness.lines[1...4]) == ["  Row 2", "  Row 3", "> Row 4", "  After"],
                "the scroll view scrolls just enough to show the focused row")
    }

    @Test func aHugeBoxCostsAScreenful() {
        let harness = TerminalHarness(width: 20, height: 6)
        harness.render(.column([
            Element(.view, children: [.text("inside"), .divider()])
                .styled(["width": .number(8_000_000), "height": .number(16_000_000), "borderWidth": .number(1)]),
        ]), on: screen)
        harness.renderer.push(screen, title: nil)
        #expect(harness.lines[1] == "  ┌" + String(repeating: "─", count: 16))
        #expect(harness.lines[2] == "  │inside")
        #expect(harness.lines[4].hasSuffix("↓"), "a million rows more below")
    }

    @Test func onlyTheVisibleRowsArePaintedAndAFocusedRowFarDownShows() {
        let harness = TerminalHarness(width: 40, height: 8)
        let items = (0..<1000).map { index in
            Element.row(key: "\(index)", [.text("Item \(index)"), .spacer(), .button("Open", id: "open-\(index)")])
        }
        harness.render(.column([.text("Items"), .list(items)]), on: screen)
        harness.renderer.push(screen, title: "List")
        harness.renderer.focus(harness.node(at: [1, 500, 2], on: screen), on: screen)
        let lines = harness.lines
        #expect(lines[6] == "> Item 500" + spaces(21) + "[ Open ]↓", "scrolled just enough to show the focused row, marked")
        #expect(lines[1].hasPrefix("  Item 495"))
    }
}
