import LunarTestSupport
import LunarUI
import Testing

@testable import LunarTerminal

private let login = ScreenID(1)
private let profile = ScreenID(2)

private func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }
private func line(_ count: Int) -> String { String(repeating: "─", count: count) }

@Suite struct LayoutTests {
    @Test func drawsTitleElementsAndKeyHelp() {
        let harness = TerminalHarness(width: 40, height: 12)
        harness.render(.column([
            .text("Welcome back"),
            .textField(placeholder: "Account", value: "bob", maxLength: 10, id: "account"),
            .textField(placeholder: "Password", value: "hunter2", secure: true, id: "password"),
            .button("Log in", disabled: true, id: "login"),
            .divider(),
            .image(alt: "Company logo"),
        ]), on: login)
        harness.renderer.focus(nil, on: login)  // nothing focused: the runtime decided so
        harness.renderer.push(login, title: "Login")

        let frame = harness.frame
        #expect(frame.lines == [
            spaces(17) + "Login",
            "  Welcome back",
            "  [bob" + spaces(8) + "]",
            "  [*******" + spaces(18) + "]",
            "  [ Log in ]",
            "  " + line(37),
            "  [image: Company logo]",
            "", "", "", "",
            " Tab move · Enter press · q quit",
        ])
        #expect(frame.grid[0, 0].style == .titleBar)
        #expect(frame.grid[4, 2].style == .hint, "a disabled button is dimmed")
        #expect(frame.grid[2, 3].style == .field)
        #expect(frame.cursor == nil)
    }

    @Test func showsBackHintWhenThereIsSomewhereToGoBack() {
        let harness = TerminalHarness(width: 50, height: 6)
        harness.render(.text("First"), on: login)
        harness.renderer.push(login, title: "Login")
        #expect(!harness.lines[0].contains("Esc"))

        harness.render(.text("Second"), on: profile)
        harness.renderer.push(profile, title: "Profile")
        #expect(harness.lines[0] == " ← Esc" + spaces(15) + "Profile")
        #expect(harness.lines[5] == " Tab move · Enter press · Esc back · q quit")

        let modal = ScreenID(3)
        harness.renderer.pop(profile)
        harness.renderer.present(modal, title: "Sheet")
        #expect(harness.lines[0].hasPrefix(" ← Esc"), "the root of a modal can be closed with Esc")
    }

    @Test func placeholderShowsWhileEmptyAndTheCursorSitsInTheFocusedField() {
        let harness = TerminalHarness(width: 40, height: 6)
        harness.render(.column([
            .textField(placeholder: "Account", id: "account"),
            .textField(placeholder: "Name", value: "Ann", id: "name"),
        ]), on: login)
        harness.renderer.push(login, title: nil)

        harness.renderer.focus(harness.node(at: [0], on: login), on: login)
        var frame = harness.frame
        #expect(frame.lines[1] == "> [Account" + spaces(18) + "]")
        #expect(frame.grid[1, 3].style == .placeholder)
        #expect(frame.grid[1, 2].style == .focused, "the focused field's bracket is highlighted")
        #expect(frame.cursor == CellPosition(row: 1, column: 3))

        harness.renderer.focus(harness.node(at: [1], on: login), on: login)
        frame = harness.frame
        #expect(frame.lines[2].hasPrefix("> [Ann "))
        #expect(frame.cursor == CellPosition(row: 2, column: 6), "the cursor follows the text")
        #expect(frame.lines[5] == " Tab next · Enter submit · Esc leave fie", "Esc leaves a field (cut at 40 columns)")
    }

    @Test func longValueShowsItsEnd() {
        let harness = TerminalHarness(width: 40, height: 4)
        harness.render(.textField(placeholder: "Code", value: "abcdefghijklmnop", maxLength: 10, id: "code"), on: login)
        harness.renderer.push(login, title: nil)
        harness.renderer.focus(harness.node(at: [], on: login), on: login)
        // The box is 13 wide (10 + room for the cursor + brackets): the whole value does not fit.
        #expect(harness.lines[1] == "> [ghijklmnop ]")
        #expect(harness.frame.cursor == CellPosition(row: 1, column: 13))
    }

    @Test func rowLaysChildrenSideBySideAndSpacersTakeTheRest() {
        let harness = TerminalHarness(width: 40, height: 5)
        harness.render(.column([
            .row([.button("Cancel"), .spacer(), .button("OK")]),
            .row([.text("A"), .divider(), .text("B")]),
        ]), on: login)
        harness.renderer.push(login, title: nil)
        #expect(harness.lines[1] == "  [ Cancel ]" + spaces(21) + "[ OK ]")
        #expect(harness.lines[2] == "  A│B", "a divider in a row is one column wide, and a row has no gap unless styled")
    }

    @Test func rowWrapsTextInTheWidthLeftAndIsAsTallAsItsTallestChild() {
        let harness = TerminalHarness(width: 24, height: 6)
        var row = Element.row([.button("Go"), .text("one two three four")])
        row.props[.style] = style(["columnGap": .number(8)])
        harness.render(.column([row, .text("after")]), on: login)
        harness.renderer.push(login, title: nil)
        // 24 - 3 = 21 columns: the button takes 6 and a gap of one column (8 points), the text wraps in 14.
        #expect(Array(harness.lines[1...3]) == [
            "  [ Go ] one two three",
            "         four",
            "  after",
        ])
    }

    @Test func focusedPressableRowIsHighlightedAndMarked() {
        let harness = TerminalHarness(width: 30, height: 6)
        harness.render(.list(id: "items", [
            Element(.row, key: "1", events: [.press], children: [.text("First")]),
            Element(.row, key: "2", events: [.press], children: [.text("Second")]),
        ]), on: login)
        harness.renderer.push(login, title: nil)
        harness.press(.tab, .tab)
        let frame = harness.frame
        #expect(Array(frame.lines[1...2]) == ["  First", "> Second"])
        #expect(frame.grid[2, 2].style == .focused)
        #expect(frame.grid[2, 20].style == .focused, "the whole row is highlighted")
        #expect(frame.grid[1, 2].style == .normal)
    }

    @Test func errorOverlayReplacesContentAndMarksTheFailingLine() {
        let harness = TerminalHarness(width: 60, height: 12)
        harness.render(.text("Login content"), on: login)
        harness.renderer.push(login, title: "Login")
        harness.render(.button("Hidden"), on: profile)
        harness.renderer.showError(ErrorOverlay(
            message: "attempt to index a nil value (field 'user')",
            file: "screens/profile.lua", line: 10,
            codeFrame: [
                .init(number: 9, text: "function screen.render()"),
                .init(number: 10, text: "  return ui.Text(vm.user.name)"),
                .init(number: 11, text: ""),
            ]), on: profile)
        harness.renderer.push(profile, title: "Profile")

        let frame = harness.frame
        #expect(Array(frame.lines[1...8]) == [
            "  Error: attempt to index a nil value (field 'user')",
            "  at screens/profile.lua:10",
            "",
            "     9 | function screen.render()",
            "  > 10 |   return ui.Text(vm.user.name)",
            "    11 |",
            "",
            "",
        ])
        #expect(frame.lines[11] == " Esc back · q quit")
        #expect(frame.grid[1, 2].style == .error)
        #expect(frame.grid[5, 2].style == .errorLine)
        #expect(frame.grid[5, 50].style == .errorLine, "the marked line is highlighted across")

        harness.renderer.hideError(on: profile)
        #expect(harness.lines[1] == "  [ Hidden ]")
    }

    @Test func hudIsACentredBoxOverTheContent() {
        let harness = TerminalHarness(width: 40, height: 12)
        harness.render(.text("Content"), on: login)
        harness.renderer.push(login, title: nil)
        harness.renderer.showHUD("Signing in")
        let lines = harness.lines
        #expect(Array(lines[4...6]) == [
            spaces(13) + "┌────────────┐",
            spaces(13) + "│ Signing in │",
            spaces(13) + "└────────────┘",
        ])
        #expect(lines[1] == "  Content")

        harness.renderer.showHUD(nil)
        #expect(harness.lines[5] == spaces(12) + "│ Please wait │")
        harness.renderer.hideHUD()
        #expect(harness.lines[5] == "")
    }

    @Test func alertIsAModalBoxWithTheSelectedButtonMarked() {
        let harness = TerminalHarness(width: 40, height: 12)
        harness.render(.text("Content"), on: login)
        harness.renderer.push(login, title: nil)
        harness.renderer.showAlert(Alert(
            id: AlertID(1), title: "Delete item?", message: "This cannot be undone.",
            buttons: [.init("Cancel", role: .cancel), .init("Delete", role: .destructive)]))

        let frame = harness.frame
        #expect(Array(frame.lines[2...8]) == [
            spaces(6) + "┌" + line(25) + "┐",
            spaces(6) + "│ Delete item?" + spaces(12) + "│",
            spaces(6) + "│" + spaces(25) + "│",
            spaces(6) + "│ This cannot be undone.  │",
            spaces(6) + "│" + spaces(25) + "│",
            spaces(6) + "│ >[ Cancel ]  [ Delete ] │",
            spaces(6) + "└" + line(25) + "┘",
        ])
        #expect(frame.grid[7, 8].style == .focused, "the chosen button is highlighted")
        #expect(frame.grid[7, 22].style == .destructive)
        #expect(frame.lines[11] == " Tab choose · Enter select · Esc cancel")
    }

    @Test func toastTakesTheBottomLine() {
        let harness = TerminalHarness(width: 30, height: 5)
        harness.render(.text("Content"), on: login)
        harness.renderer.push(login, title: nil)
        harness.renderer.showToast("Saved")
        let frame = harness.frame
        #expect(frame.lines[4] == " Saved")
        #expect(frame.grid[4, 29].style == .toast)
    }

    @Test func scrollsToKeepTheFocusedElementVisible() {
        let harness = TerminalHarness(width: 40, height: 12)
        let texts = (0..<30).map { Element.text("Line \($0)") }
        harness.render(.column(texts + [.button("End", id: "end")]), on: login)
        harness.renderer.push(login, title: nil)
        #expect(harness.lines[1] == "  Line 0")
        #expect(harness.lines[10].hasSuffix("↓"), "more content below is marked")

        harness.press(.tab)
        var lines = harness.lines
        #expect(lines[1] == "  Line 21" + spaces(30) + "↑")
        #expect(lines[10] == "> [ End ]")

        harness.press(.pageUp)
        lines = harness.lines
        #expect(lines[1] == "  Line 12" + spaces(30) + "↑")
        #expect(lines[10] == "  Line 21" + spaces(30) + "↓", "scrolling by hand leaves the focus out of view")

        harness.press(.tab)
        #expect(harness.lines[10] == "> [ End ]", "moving focus brings it back into view")
    }

    @Test func wideCharactersTakeTwoColumns() {
        let harness = TerminalHarness(width: 14, height: 5)
        harness.render(.column([
            .text("日本語のテキスト"),
            .button("確認"),
        ]), on: login)
        harness.renderer.push(login, title: nil)
        // 14 - 3 = 11 columns: five wide characters per line.
        #expect(Array(harness.lines[1...3]) == ["  日本語のテ", "  キスト", "  [ 確認 ]"])
    }

    @Test func asciiGlyphsWhereTheLocaleIsNotUTF8() {
        let harness = TerminalHarness(width: 20, height: 8)
        harness.renderer.glyphs = .ascii
        harness.render(.column([.text("A"), .divider()]), on: login)
        harness.renderer.push(login, title: nil)
        harness.render(.text("B"), on: profile)
        harness.renderer.push(profile, title: "P")
        harness.renderer.showHUD("Wait")
        let lines = harness.lines
        #expect(lines[0] == " < Esc   P")
        #expect(lines[2] == spaces(6) + "+------+")
        #expect(lines[3] == spaces(6) + "| Wait |")
    }

    @Test func noScreenShowsOnlyTheQuitHint() {
        let harness = TerminalHarness(width: 20, height: 3)
        #expect(harness.lines == ["", "", " q quit"])
    }

    @Test func tinyTerminalsDoNotTrap() {
        let harness = TerminalHarness(width: 3, height: 1)
        harness.render(.row([.button("A long title"), .textField(placeholder: "Field")]), on: login)
        harness.renderer.push(login, title: "A long title")
        harness.renderer.showAlert(Alert(id: AlertID(1), title: "Question?"))
        harness.renderer.showHUD("Busy")
        #expect(harness.lines.count == 1)
        harness.renderer.detachedSize = (0, 0)
        #expect(harness.lines.isEmpty)
    }
}
