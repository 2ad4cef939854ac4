import LunarUI
import Testing

@testable import LunarTerminal

private let login = ScreenID(1)
private let profile = ScreenID(2)

/// Text, a field, a disabled button, a button, a pressable row, a button without `press`.
private let formTree = Element.column([
    .text("Welcome"),
    .textField(placeholder: "Account", maxLength: 5, id: "account"),
    .button("Disabled", disabled: true, id: "disabled"),
    .button("Log in", id: "login"),
    Element(.row, id: "row", events: [.press], children: [.text("Row")]),
    .button("Inert", id: "inert", events: []),
])

@Suite struct KeyHandlingTests {
    private func formHarness() -> TerminalHarness {
        let harness = TerminalHarness()
        harness.render(formTree, on: login)
        harness.renderer.push(login, title: "Login")
        return harness
    }

    private func focusedID(_ harness: TerminalHarness) -> String? {
        harness.renderer.visibleRecord?.tree.focusedNode?.props[.id]?.stringValue
    }

    @Test func tabAndShiftTabCycleThroughFocusableElementsSkippingDisabledOnes() {
        let harness = formHarness()
        #expect(focusedID(harness) == "account", "the first field has focus when the screen appears")
        var order: [String?] = []
        for _ in 0..<5 {
            harness.press(.tab)
            order.append(focusedID(harness))
        }
        #expect(order == ["login", "row", "inert", "account", "login"])
        harness.press(.backTab, .backTab)
        #expect(focusedID(harness) == "inert")
    }

    @Test func theFirstTextFieldIsFocusedUntilFocusIsDecided() throws {
        let harness = TerminalHarness()
        harness.render(.column([.text("Loading"), .button("Retry", id: "retry")]), on: login)
        harness.renderer.push(login, title: "Login")
        #expect(focusedID(harness) == nil, "no field, no focus: a button is not focused by itself")
        harness.render(formTree, on: login)
        #expect(focusedID(harness) == "account", "the first enabled field, once one appears")
        harness.press(.tab)
        var tree = formTree
        tree.children.insert(.textField(placeholder: "Code", id: "code"), at: 0)
        harness.render(tree, on: login)
        #expect(focusedID(harness) == "login", "a later field does not take focus the user moved")

        let other = ScreenID(5)
        harness.render(.column([.textField(placeholder: "Name", disabled: true, id: "off"), .textField(placeholder: "City", id: "city")]), on: other)
        harness.renderer.push(other, title: "Other")
        #expect(focusedID(harness) == "city", "a disabled field is skipped")

        let chosen = ScreenID(6)
        harness.renderer.focus(nil, on: chosen)
        harness.render(formTree, on: chosen)
        harness.renderer.push(chosen, title: "Chosen")
        #expect(focusedID(harness) == nil, "the runtime's focus request decides")
    }

    @Test func arrowsMoveFocusWithoutWrapping() {
        let harness = formHarness()
        harness.press(.escape)  // leaves the field focused at launch
        #expect(focusedID(harness) == nil)
        harness.press(.up)
        #expect(focusedID(harness) == "inert", "Up with nothing focused starts from the end")
        harness.press(.down)
        #expect(focusedID(harness) == "inert")
        harness.press(.up, .up, .up, .up, .up)
        #expect(focusedID(harness) == "account")
    }

    @Test func enterPressesTheFocusedButtonOrPressableElement() throws {
        let harness = formHarness()
        let loginNode = try #require(harness.node(at: [3], on: login))
        let rowNode = try #require(harness.node(at: [4], on: login))
        harness.press(.tab, .enter)
        harness.press(.tab, .character(" "))
        harness.press(.tab, .enter)  // the inert button does not handle press
        #expect(harness.delegate.events == [
            .element(screen: login, node: loginNode, event: .press, payload: nil),
            .element(screen: login, node: rowNode, event: .press, payload: nil),
        ])
    }

    @Test func aButtonDisabledWhileFocusedReportsNothing() throws {
        let harness = formHarness()
        harness.press(.tab)
        #expect(focusedID(harness) == "login")
        var disabledTree = formTree
        disabledTree.children[3] = .button("Log in", disabled: true, id: "login")
        harness.render(disabledTree, on: login)
        harness.press(.enter)
        #expect(harness.delegate.events.isEmpty)
    }

    @Test func typingEditsTheFocusedFieldUpToMaxLength() throws {
        let harness = formHarness()
        let account = try #require(harness.node(at: [1], on: login))
        harness.type("héllo!")
        harness.press(.backspace)
        harness.type("ü")
        let changes = harness.delegate.events.map { event -> String in
            guard case .element(_, let node, .change, .string(let text)?) = event, node == account else { return "?" }
            return text
        }
        #expect(changes == ["h", "hé", "hél", "héll", "héllo", "héll", "héllü"])
        #expect(harness.lines[2] == "> [héllü    ]")
    }

    @Test func combiningMarksJoinTheCharacterBeforeThemWithinMaxLength() {
        let harness = formHarness()
        harness.type("abcde")
        harness.renderer.handle(.character("\u{301}"))
        guard case .element(_, _, .change, let payload)? = harness.delegate.events.last else {
            Issue.record("no change reported")
            return
        }
        #expect(payload == .string("abcde\u{301}"), "an accent on the last letter keeps 5 characters")
    }

    @Test func enterInAFieldSubmitsItsText() throws {
        let harness = formHarness()
        let account = try #require(harness.node(at: [1], on: login))
        harness.type("bob")
        harness.press(.enter)
        #expect(harness.delegate.events.last == .element(screen: login, node: account, event: .submit, payload: "bob"))
    }

    @Test func nextCharacterGoesAfterWhatTheRuntimeRendered() throws {
        let harness = formHarness()
        let account = try #require(harness.node(at: [1], on: login))
        harness.delegate.onEvent = { event in
            guard case .element(_, let node, .change, .string(let text)?) = event else { return }
            harness.reconcilers[login]?.recordProps([.value: .string(text)], of: node)
            var tree = formTree
            tree.children[1] = .textField(placeholder: "Account", value: text.uppercased(), maxLength: 5, id: "account")
            harness.render(tree, on: login)
        }
        defer { harness.delegate.onEvent = nil }  // it holds the harness
        harness.type("ab")
        #expect(harness.delegate.events.last == .element(screen: login, node: account, event: .change, payload: "Ab"))
        #expect(harness.lines[2].hasPrefix("> [AB "))
    }

    @Test func qQuitsUnlessAFieldIsFocusedAndCtrlCAlwaysQuits() {
        let harness = formHarness()
        harness.type("quinn")
        #expect(harness.quitCount == 0, "a name starting with q is typed into the field focused at launch")
        #expect(harness.lines[2].hasPrefix("> [quinn"))
        #expect(harness.lines[11].hasPrefix(" Tab next · Enter submit · Esc leave"))
        harness.press(.escape)
        #expect(focusedID(harness) == nil, "Esc leaves the field")
        #expect(harness.delegate.events.allSatisfy { if case .back = $0 { false } else { true } })
        #expect(harness.lines[11].hasSuffix("q quit"))
        harness.press(.character("q"))
        #expect(harness.quitCount == 1, "with no field focused, q quits")
        harness.press(.tab)
        harness.press(.interrupt)
        #expect(harness.quitCount == 2, "Ctrl-C quits from a field")
        harness.press(.tab, .character("q"))
        #expect(harness.quitCount == 3, "q quits from a button")
    }

    @Test func escapeReportsBackOnlyWhenThereIsSomewhereToGo() {
        let harness = formHarness()
        harness.press(.escape)
        #expect(harness.delegate.events.isEmpty, "the first screen cannot be left")

        harness.render(.column([.text("Profile"), .textField(placeholder: "Bio", id: "bio")]), on: profile)
        harness.renderer.push(profile, title: "Profile")
        harness.press(.escape)
        #expect(harness.delegate.events.isEmpty, "the first Esc leaves the focused field")
        harness.press(.escape)
        #expect(harness.delegate.events == [.back(profile)])
        #expect(harness.renderer.visibleScreen == profile, "the renderer never navigates by itself")

        harness.renderer.pop(profile)
        #expect(harness.renderer.visibleScreen == login)
        #expect(harness.renderer.screens[profile] == nil, "a popped screen is forgotten")
    }

    @Test func escapeLeavesAModalRootAndAnErrorOverlay() {
        let harness = formHarness()
        let sheet = ScreenID(3)
        harness.renderer.showError(ErrorOverlay(message: "boom"), on: sheet)
        harness.renderer.present(sheet, title: "Sheet")
        harness.press(.tab, .enter, .character("x"))
        #expect(harness.delegate.events.isEmpty, "an error overlay takes no input but back and quit")
        harness.press(.escape)
        #expect(harness.delegate.events == [.back(sheet)])
        harness.renderer.dismiss(sheet)
        #expect(harness.renderer.visibleScreen == login)
        #expect(harness.renderer.navigationStacks == [[login]])
    }

    @Test func alertTakesKeysUntilAButtonIsChosen() {
        let harness = formHarness()
        let first = Alert(id: AlertID(1), title: "Sure?", buttons: [.init("No", role: .cancel), .init("Yes")])
        let second = Alert(id: AlertID(2), title: "Really?", buttons: [.init("OK")])
        harness.renderer.showAlert(first)
        harness.renderer.showAlert(second)
        #expect(harness.renderer.selectedAlertButton == 1, "the first ordinary button is chosen by default")

        harness.press(.tab, .character("a"), .escape)
        #expect(harness.delegate.events == [.alertButton(AlertID(1), index: 0)], "Esc chooses the cancel button")
        #expect(harness.lines.contains { $0.contains("Really?") }, "the queued alert shows next")
        #expect(focusedID(harness) == "account", "keys under an alert do not reach the screen")

        harness.press(.right, .enter)
        #expect(harness.delegate.events.last == .alertButton(AlertID(2), index: 0))
        #expect(!harness.lines.contains { $0.contains("Really?") })
    }

    @Test func dismissedAlertReportsNothing() {
        let harness = formHarness()
        harness.renderer.showAlert(Alert(id: AlertID(1), title: "Sure?"))
        harness.renderer.dismissAlert(AlertID(1))
        harness.press(.escape, .enter)  // leave the field, then Enter on nothing
        #expect(harness.delegate.events.isEmpty)
        #expect(!harness.lines.contains { $0.contains("Sure?") })
    }

    @Test func toastClearsOnTheNextKeyOrWhenItsTimeIsUp() {
        let harness = formHarness()
        harness.renderer.showToast("Saved")
        #expect(harness.lines[11] == " Saved")
        harness.press(.tab)
        #expect(harness.lines[11] != " Saved")

        harness.renderer.showToast("First")
        harness.timer.advance(by: .seconds(2))
        harness.renderer.showToast("Second")
        harness.timer.advance(by: .seconds(1))
        #expect(harness.lines[11] == " Second", "the first toast's timer does not clear the second")
        harness.timer.advance(by: .seconds(2))
        #expect(harness.lines[11].contains("Tab"))
    }

    @Test func aStatusLineShowsUntilTheNextKeyAndAnErrorStatusStays() {
        let harness = formHarness()
        harness.renderer.showStatus("reloaded screens/login.lua")
        #expect(harness.lines[11] == " reloaded screens/login.lua")
        harness.renderer.showToast("Saved")
        #expect(harness.lines[11] == " Saved", "a toast shows over the status")
        harness.press(.tab)
        #expect(harness.lines[11].contains("Tab"), "the next key clears both")

        harness.renderer.showStatus("reloaded screens/login.lua")
        harness.timer.advance(by: .seconds(3))
        #expect(harness.lines[11].contains("Tab"), "an ordinary status times out like a toast")

        harness.renderer.showStatus("reload failed: login.lua:3: boom", isError: true)
        harness.press(.tab, .tab)
        harness.timer.advance(by: .seconds(10))
        #expect(harness.lines[11] == " reload failed: login.lua:3: boom", "a failure stays")
        #expect(harness.frame.grid.runs(ofRow: 11).contains { $0.style == .errorLine })
        harness.renderer.showStatus("reloaded screens/login.lua")
        #expect(harness.lines[11] == " reloaded screens/login.lua", "until the next status replaces it")
        harness.renderer.showStatus("reload failed: x", isError: true)
        harness.renderer.clearStatus()
        #expect(harness.lines[11].contains("Tab"))
    }

    @Test func noColorTurnsColoursOffWhenSetAndNotEmpty() {
        #expect(CursesTerminal.colorsAllowed(environment: [:]))
        #expect(CursesTerminal.colorsAllowed(environment: ["NO_COLOR": ""]))
        #expect(!CursesTerminal.colorsAllowed(environment: ["NO_COLOR": "1"]))
        #expect(!CursesTerminal.colorsAllowed(environment: ["NO_COLOR": "no"]))
    }

    @Test func runtimeFocusRequestsAndRemovedNodes() {
        let harness = formHarness()
        harness.renderer.focus(harness.node(at: [4], on: login), on: login)
        #expect(focusedID(harness) == "row")
        var shorter = formTree
        shorter.children.remove(at: 4)
        harness.render(shorter, on: login)
        #expect(focusedID(harness) == nil, "removing the focused node clears focus")
        harness.renderer.focus(NodeID(999), on: login)
        #expect(focusedID(harness) == nil)
    }

    @Test func protocolViolationsAreSkipped() {
        let harness = formHarness()
        harness.renderer.apply([
            .update(NodeID(999), NodeUpdate(props: [.text: "x"])),
            .insert(NodeID(998), parent: NodeID(1), index: 0),
            .move(NodeID(2), parent: NodeID(3), index: 0),
            .remove(NodeID(997), parent: nil),
        ], to: login)
        harness.renderer.pop(profile)
        harness.renderer.dismiss(login)
        #expect(harness.lines[1] == "  Welcome")
        #expect(harness.renderer.navigationStacks == [[login]])
    }

    @Test func cursesKeysMapToRendererKeys() {
        #expect(TerminalKey(characterCode: 9) == .tab)
        #expect(TerminalKey(characterCode: 13) == .enter)
        #expect(TerminalKey(characterCode: 10) == .enter)
        #expect(TerminalKey(characterCode: 27) == .escape)
        #expect(TerminalKey(characterCode: 127) == .backspace)
        #expect(TerminalKey(characterCode: 3) == .interrupt)
        #expect(TerminalKey(characterCode: 1) == nil)
        #expect(TerminalKey(characterCode: 0x9B) == nil)
        #expect(TerminalKey(characterCode: 0xE9) == .character("é"))
        #expect(TerminalKey(characterCode: 0x1F600) == .character("😀"))
        #expect(CursesKey.character(32).key == .character(" "))
    }
}
