import Testing

@testable import LunarTerminal

@Suite struct CellGridTests {
    @Test func writeClipsAtTheLimitAndTheEdge() {
        var grid = CellGrid(width: 6, height: 1)
        #expect(grid.write("abcdefgh", row: 0, column: 2, style: .normal) == 4)
        #expect(grid.text(ofRow: 0) == "  abcd")
        #expect(grid.write("xyz", row: 0, column: 0, style: .normal, limit: 1) == 1)
        #expect(grid.text(ofRow: 0) == "x abcd")
    }

    @Test func wideCharacterThatDoesNotFitIsNotHalfWritten() {
        var grid = CellGrid(width: 3, height: 1)
        #expect(grid.write("a日本", row: 0, column: 0, style: .normal) == 3)
        #expect(grid.text(ofRow: 0) == "a日")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = CellGrid(width: 6, height: 1)
        grid.write("日本語", row: 0, column: 0, style: .normal)
        grid.write("x", row: 0, column: 1, style: .normal)
        #expect(grid.text(ofRow: 0) == " x本語")
        grid.write("y", row: 0, column: 2, style: .normal)
        #expect(grid.text(ofRow: 0) == " xy 語")
        grid.write("字", row: 0, column: 3, style: .normal)
        #expect(grid.text(ofRow: 0) == " xy字")
        #expect(grid[0, 5].character == " " && !grid[0, 5].isContinuation)
    }

    @Test func runsMergeCellsOfOneStyleAndDropTrailingBlanks() {
        var grid = CellGrid(width: 10, height: 1)
        grid.write("ab", row: 0, column: 0, style: .normal)
        grid.write("語c", row: 0, column: 2, style: .hint)
        let runs = grid.runs(ofRow: 0)
        #expect(runs.map(\.text) == ["ab", "語c"])
        #expect(runs.map(\.style) == [.normal, .hint])
    }

    @Test func pasteClipsToTheGrid() {
        var small = CellGrid(width: 3, height: 2)
        small.write("abc", row: 0, column: 0, style: .normal)
        small.write("def", row: 1, column: 0, style: .normal)
        var grid = CellGrid(width: 4, height: 2)
        grid.paste(small, row: 1, column: 2)
        #expect(grid.lines == ["", "  ab"])
    }
}

@Suite struct TextWrappingTests {
    @Test func wrapsBetweenWordsAndSplitsOnlyLongWords() {
        #expect(wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(wrap("abcdefghij klm", width: 4) == ["abcd", "efgh", "ij", "klm"])
        #expect(wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
        #expect(wrap("", width: 5) == [""])
        #expect(wrap("日本語", width: 1) == ["日", "本", "語"], "a wide character still moves on")
    }

    @Test func displayWidthCountsColumns() {
        #expect(displayWidth(of: "abc") == 3)
        #expect(displayWidth(of: "日本") == 4)
        #expect(displayWidth(of: "e\u{301}") == 1)
        #expect(displayWidth(of: "😀") == 2)
        #expect(displayWidth(of: "\u{1B}") == 0)
    }

    /// ASCII text takes a path without grapheme breaking; it must count as character by character.
    @Test func asciiTextCountsAsItsCharactersDo() {
        for text in ["plain label", "tab\there", "line\r\nbreak", "\u{7}bell\u{1B}[0m", "", "x\u{7F}y"] {
            let perCharacter = text.reduce(0) { $0 + displayWidth(of: $1) }
            #expect(displayWidth(of: text) == perCharacter, "\(text.debugDescription)")
        }
        #expect(displayWidth(of: "ab\u{7F}") == 2, "DEL is not ASCII's fast path but takes no column")
    }

    /// Cases a coarse hand-made table got wrong, and clusters a per-code-point table cannot see
    /// (docs/terminal.md, "Widths"); the expected widths are what wcwidth-based terminals show.
    @Test func hardCasesFollowTheUnicodeWidthTable() {
        // CJK and fullwidth.
        #expect(displayWidth(of: "漢字かな한글") == 12)
        #expect(displayWidth(of: "ＡＢ") == 4, "fullwidth Latin")
        #expect(displayWidth(of: "\u{303F}") == 1, "the half-fill space at the end of the CJK symbols block is narrow")
        #expect(displayWidth(of: "\u{16FE0}") == 2, "Tangut iteration mark: wide, outside the old blocks")
        #expect(displayWidth(of: "\u{1B000}") == 2, "Kana Supplement")
        #expect(displayWidth(of: "\u{1100}\u{1161}\u{11A8}") == 2, "a Hangul syllable in conjoining jamo")
        // Emoji: ZWJ sequences, modifiers, variation selectors, flags, keycaps.
        #expect(displayWidth(of: "👩\u{200D}💻") == 2, "a ZWJ sequence is one picture")
        #expect(displayWidth(of: "👍🏽") == 2, "a skin-tone modifier joins its emoji")
        #expect(displayWidth(of: "\u{2764}\u{FE0F}") == 2, "VS16 asks for emoji presentation")
        #expect(displayWidth(of: "\u{2764}") == 1, "text presentation by default")
        #expect(displayWidth(of: "\u{231A}\u{FE0E}") == 1, "VS15 asks for text presentation")
        #expect(displayWidth(of: "🇫🇷") == 2, "a flag")
        #expect(displayWidth(of: "1\u{FE0F}\u{20E3}") == 2, "a keycap")
        #expect(displayWidth(of: "\u{1F650}") == 1, "ornamental dingbats are not emoji")
        // Combining marks and invisible characters.
        #expect(displayWidth(of: "Ame\u{301}lie\u{308}") == 6)
        #expect(displayWidth(of: "\u{301}") == 0, "a combining mark with nothing to combine with")
        #expect(displayWidth(of: "a\u{200B}b") == 2, "zero width space")
        #expect(displayWidth(of: "\u{85}") == 0, "a C1 control")
    }
}
