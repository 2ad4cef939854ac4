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
        #expect(focusedID(harness) == nil)
        var order: [String?] = []
        for _ in 0..<5 {
            harness.press(.tab)
            order.append(focusedID(harness))
        }
        #expect(order == ["account", "login", "row", "inert", "account"])
        harness.press(.backTab)
        #expect(focusedID(harness) == "inert")
    }

    @Test func arrowsMoveFocusWithoutWrapping() {
        let harness = formHarness()
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
        harness.press(.tab, .tab, .enter)
        harness.press(.tab, .character(" "))
        harness.press(.tab, .enter)  // the inert button does not handle press
        #expect(harness.delegate.events == [
            .element(screen: login, node: loginNode, event: .press, payload: nil),
            .element(screen: login, node: rowNode, event: .press, payload: nil),
        ])
    }

    @Test func aButtonDisabledWhileFocusedReportsNothing() throws {
        let harness = formHarness()
        harness.press(.tab, .tab)
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
        harness.press(.tab)
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
        harness.press(.tab)
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
        harness.press(.tab)
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
        harness.press(.tab)
        harness.type("ab")
        #expect(harness.delegate.events.last == .element(screen: login, node: account, event: .change, payload: "Ab"))
        #expect(harness.lines[2].hasPrefix("> [AB "))
    }

    @Test func qQuitsUnlessAFieldIsFocusedAndCtrlCAlwaysQuits() {
        let harness = formHarness()
        harness.press(.character("q"))
        #expect(harness.quitCount == 1)
        harness.press(.tab)
        harness.type("q")
        #expect(harness.quitCount == 1, "q in a field is typed")
        #expect(harness.lines[2].hasPrefix("> [q "))
        harness.press(.interrupt)
        #expect(harness.quitCount == 2)
        harness.press(.tab, .character("q"))
        #expect(harness.quitCount == 3)
    }

    @Test func escapeReportsBackOnlyWhenThereIsSomewhereToGo() {
        let harness = formHarness()
        harness.press(.escape)
        #expect(harness.delegate.events.isEmpty, "the first screen cannot be left")

        harness.render(.text("Profile"), on: profile)
        harness.renderer.push(profile, title: "Profile")
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
        #expect(focusedID(harness) == nil, "keys under an alert do not reach the screen")

        harness.press(.right, .enter)
        #expect(harness.delegate.events.last == .alertButton(AlertID(2), index: 0))
        #expect(!harness.lines.contains { $0.contains("Really?") })
    }

    @Test func dismissedAlertReportsNothing() {
        let harness = formHarness()
        harness.renderer.showAlert(Alert(id: AlertID(1), title: "Sure?"))
        harness.renderer.dismissAlert(AlertID(1))
        harness.press(.enter)
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
