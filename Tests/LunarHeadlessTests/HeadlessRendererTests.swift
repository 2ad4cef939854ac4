import LunarHeadless
import LunarUI
import Testing

private let login = ScreenID(1)
private let profile = ScreenID(2)
private let settings = ScreenID(3)

private let loginTree = Element.column([
    .text("Welcome back"),
    .textField(placeholder: "Account", value: "bob", maxLength: 25, id: "account"),
    .textField(placeholder: "Password", value: "hunter2", secure: true, id: "password"),
    .button("Log in", disabled: true, id: "login"),
    .divider(),
    .list(id: "items", [
        .row(key: "1", [.text("First"), .button("Delete", id: "delete-1")]),
        Element(.row, key: "2", events: [.press], children: [.text("Second")]),
    ]),
    .image(alt: "Company logo"),
    .spacer(),
])

private func expectError(
    _ reason: HeadlessInputError.Reason, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(reason)", sourceLocation: sourceLocation)
    } catch let error as HeadlessInputError {
        #expect(error.reason == reason, sourceLocation: sourceLocation)
        #expect(error.message == message, sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
    }
}

@Suite struct HeadlessRendererTests {
    private func loginHarness() -> HeadlessHarness {
        let harness = HeadlessHarness()
        harness.render(loginTree, on: login)
        harness.renderer.push(login, title: "Login")
        return harness
    }

    @Test func snapshotPrintsTitleElementsStatesAndOverlays() {
        let harness = loginHarness()
        harness.renderer.focus(harness.node(at: [1], on: login), on: login)
        harness.renderer.showHUD("Signing in")
        harness.renderer.showToast("Saved")
        #expect(harness.renderer.snapshot() == """
            == Login ==
            Column
              Text "Welcome back"
              TextField #account "Account" value="bob" maxLength=25 [focused]
              TextField #password "Password" value="*******" [secure]
              Button #login "Log in" [disabled]
              Divider
              List #items
                Row
                  Text "First"
                  Button #delete-1 "Delete"
                Row
                  Text "Second"
              Image "Company logo"
              Spacer
            HUD "Signing in"
            Toast "Saved"

            """)
        harness.renderer.hideHUD()
        harness.renderer.showHUD(nil)
        #expect(harness.renderer.snapshot().hasSuffix("  Spacer\nHUD\nToast \"Saved\"\n"))
    }

    @Test func snapshotEscapesTextSoEveryElementStaysOnOneLine() {
        let harness = HeadlessHarness()
        harness.render(.text("say \"hi\"\nback\\slash"), on: login)
        harness.renderer.push(login, title: nil)
        #expect(harness.renderer.snapshot() == "== (untitled) ==\nText \"say \\\"hi\\\"\\nback\\\\slash\"\n")
    }

    @Test func emptyStatesAreSpelledOut() {
        let renderer = HeadlessRenderer()
        #expect(renderer.snapshot() == "(no screen)\n")
        renderer.push(login, title: "Login")
        #expect(renderer.snapshot() == "== Login ==\n(empty)\n")
    }

    @Test func tapByTitleOrIdReportsPressOnThatNode() throws {
        let harness = loginHarness()
        let delete = try #require(harness.node(at: [5, 0, 1], on: login))
        try harness.renderer.tap("Delete")
        try harness.renderer.tap("delete-1")
        #expect(harness.delegate.events == [
            .element(screen: login, node: delete, event: .press, payload: nil),
            .element(screen: login, node: delete, event: .press, payload: nil),
        ])
    }

    @Test func tapOnARowsTextPressesTheRow() throws {
        let harness = loginHarness()
        let row = try #require(harness.node(at: [5, 1], on: login))
        try harness.renderer.tap("Second")
        #expect(harness.delegate.events == [.element(screen: login, node: row, event: .press, payload: nil)])
    }

    @Test func tapExplainsWhatIsMissingDisabledOrAmbiguous() {
        let harness = loginHarness()
        expectError(.noSuchButton, #"no button "Sign in" on "Login" (buttons: "Log in", "Delete", Row "Second")"#) {
            try harness.renderer.tap("Sign in")
        }
        expectError(.noSuchButton, #"no button "Welcome back" on "Login" (buttons: "Log in", "Delete", Row "Second")"#) {
            try harness.renderer.tap("Welcome back")
        }
        expectError(.disabled, #""Log in" is disabled on "Login""#) {
            try harness.renderer.tap("Log in")
        }
        harness.render(.column([.button("OK"), .button("OK")]), on: login)
        expectError(.ambiguous, #""OK" matches 2 elements on "Login": "OK", "OK"; name one by a unique id"#) {
            try harness.renderer.tap("OK")
        }
        #expect(harness.delegate.events.isEmpty)
    }

    @Test func typingAppendsUpToMaxLengthReportingEachCharacter() throws {
        let harness = HeadlessHarness()
        harness.render(.column([.textField(placeholder: "Code", maxLength: 3, id: "code")]), on: login)
        harness.renderer.push(login, title: "Verify")
        let field = try #require(harness.node(at: [0], on: login))
        try harness.renderer.type("12345", into: "Code")
        #expect(harness.delegate.events == ["1", "12", "123"].map {
            .element(screen: login, node: field, event: .change, payload: .string($0))
        })
        #expect(harness.renderer.snapshot() == """
            == Verify ==
            Column
              TextField #code "Code" value="123" maxLength=3 [focused]

            """)
        try harness.renderer.type("4", into: "code")
        #expect(harness.delegate.events.count == 3)
    }

    @Test func eachCharacterGoesAfterTheValueTheRuntimeRenderedBack() throws {
        let harness = HeadlessHarness()
        var name = ""
        func render() { harness.render(.textField(placeholder: "Name", value: name), on: login) }
        render()
        harness.renderer.push(login, title: "Name")
        harness.delegate.onEvent = { event in
            guard case .element(_, _, .change, .string(let text)?) = event else { return }
            name = text.uppercased()  // a view-model that normalises what is typed
            render()
        }
        defer { harness.delegate.onEvent = nil }  // it holds the harness
        try harness.renderer.type("ab", into: "Name")
        let payloads = harness.delegate.events.compactMap { event -> String? in
            if case .element(_, _, _, .string(let text)?) = event { return text }
            return nil
        }
        #expect(payloads == ["a", "Ab"])
        #expect(harness.renderer.snapshot().contains(#"TextField "Name" value="AB" [focused]"#))
    }

    @Test func typingStopsWhenTheFieldGoesAway() throws {
        let harness = HeadlessHarness()
        harness.render(.column([.textField(placeholder: "Search")]), on: login)
        harness.renderer.push(login, title: "Search")
        harness.delegate.onEvent = { _ in harness.render(.column([.text("Done")]), on: login) }
        defer { harness.delegate.onEvent = nil }  // it holds the harness
        try harness.renderer.type("abc", into: "Search")
        #expect(harness.delegate.events.count == 1)
        #expect(harness.renderer.snapshot() == "== Search ==\nColumn\n  Text \"Done\"\n")
    }

    @Test func fieldsAreFoundByIdOrPlaceholderAndMissingOnesListed() throws {
        let harness = loginHarness()
        expectError(.noSuchField, #"no field "Email" on "Login" (fields: "Account", "Password")"#) {
            try harness.renderer.type("x", into: "Email")
        }
        let password = try #require(harness.node(at: [2], on: login))
        try harness.renderer.clear("password")
        try harness.renderer.submit("Password")
        #expect(harness.delegate.events == [
            .element(screen: login, node: password, event: .change, payload: ""),
            .element(screen: login, node: password, event: .submit, payload: ""),
        ])
        harness.render(.textField(placeholder: "Locked", disabled: true), on: login)
        expectError(.disabled, #""Locked" is disabled on "Login""#) {
            try harness.renderer.type("x", into: "Locked")
        }
    }

    @Test func navigationShowsTheTopScreenAndBackIsAskedNotDone() throws {
        let harness = HeadlessHarness()
        harness.render(.text("Login"), on: login)
        harness.renderer.push(login, title: "Login")
        expectError(.cannotGoBack, #"cannot go back: "Login" is the first screen"#) {
            try harness.renderer.back()
        }
        harness.render(.text("Profile"), on: profile)
        harness.renderer.push(profile, title: "Profile")
        #expect(harness.renderer.snapshot() == "== Profile ==\nText \"Profile\"\n")
        try harness.renderer.back()
        #expect(harness.delegate.events == [.back(profile)])
        #expect(harness.renderer.visibleScreen == profile)

        harness.render(.text("Settings"), on: settings)
        harness.renderer.present(settings, title: "Settings")
        harness.renderer.setTitle("Preferences", of: settings)
        #expect(harness.renderer.snapshot() == "== Preferences == (modal)\nText \"Settings\"\n")
        #expect(harness.renderer.navigationStacks == [[login, profile], [settings]])
        try harness.renderer.back()
        #expect(harness.delegate.events.last == .back(settings))

        harness.renderer.dismiss(settings)
        harness.renderer.pop(profile)
        #expect(harness.renderer.navigationStacks == [[login]])
        #expect(harness.renderer.snapshot() == "== Login ==\nText \"Login\"\n")
    }

    @Test func anErrorOverlayReplacesTheContentAndBackStillWorks() throws {
        let harness = loginHarness()
        harness.render(.text("Profile"), on: profile)
        harness.renderer.push(profile, title: "Profile")
        harness.renderer.showError(
            ErrorOverlay(
                message: "attempt to index a nil value (field 'user')",
                file: "screens/profile.lua", line: 10,
                codeFrame: [
                    .init(number: 9, text: "function screen.render()"),
                    .init(number: 10, text: "  return ui.Text(vm.user.name)"),
                    .init(number: 11, text: ""),
                ]),
            on: profile)
        #expect(harness.renderer.snapshot() == """
            == Profile ==
            Error "attempt to index a nil value (field 'user')"
              at screens/profile.lua:10
                 9 | function screen.render()
              > 10 |   return ui.Text(vm.user.name)
                11 |

            """)
        expectError(.errorShowing, #""Profile" shows an error instead of its content: attempt to index a nil value (field 'user')"#) {
            try harness.renderer.tap("Profile")
        }
        try harness.renderer.back()
        #expect(harness.delegate.events == [.back(profile)])
        harness.renderer.hideError(on: profile)
        #expect(harness.renderer.snapshot() == "== Profile ==\nText \"Profile\"\n")
    }

    @Test func anAlertTakesAllInputUntilAButtonIsChosen() throws {
        let harness = loginHarness()
        harness.renderer.showAlert(Alert(
            id: AlertID(7), title: "Delete item?", message: "This cannot be undone.",
            buttons: [.init("Cancel", role: .cancel), .init("Delete", role: .destructive)]))
        harness.renderer.showAlert(Alert(id: AlertID(8), title: "Second"))
        #expect(harness.renderer.snapshot().hasSuffix("""
              Spacer
            Alert "Delete item?"
              Text "This cannot be undone."
              Button "Cancel" [cancel]
              Button "Delete" [destructive]

            """))
        expectError(.noSuchButton, #"no button "Log in" in alert "Delete item?" (buttons: "Cancel", "Delete")"#) {
            try harness.renderer.tap("Log in")
        }
        expectError(.alertShowing, #"alert "Delete item?" is showing; tap one of its buttons: "Cancel", "Delete""#) {
            try harness.renderer.type("x", into: "Account")
        }
        expectError(.alertShowing, #"alert "Delete item?" is showing; tap one of its buttons: "Cancel", "Delete""#) {
            try harness.renderer.back()
        }
        try harness.renderer.tap("Delete")
        #expect(harness.delegate.events == [.alertButton(AlertID(7), index: 1)])
        #expect(harness.renderer.snapshot().hasSuffix("Alert \"Second\"\n  Button \"OK\"\n"))
        harness.renderer.dismissAlert(AlertID(8))
        #expect(harness.renderer.snapshot().hasSuffix("  Spacer\n"))
    }

    @Test func toastsLastUntilTheNextInput() throws {
        let harness = loginHarness()
        harness.delegate.onEvent = { _ in harness.renderer.showToast("Deleted") }
        defer { harness.delegate.onEvent = nil }  // it holds the harness
        harness.renderer.showToast("Welcome")
        try harness.renderer.tap("Delete")
        #expect(harness.renderer.snapshot().hasSuffix("  Spacer\nToast \"Deleted\"\n"))
        #expect(throws: HeadlessInputError.self) { try harness.renderer.tap("Nothing") }
        #expect(harness.renderer.snapshot().hasSuffix("  Spacer\n"))
    }

    @Test func removingTheFocusedNodeClearsFocus() throws {
        let harness = HeadlessHarness()
        harness.render(.column([.textField(placeholder: "A"), .textField(placeholder: "B")]), on: login)
        harness.renderer.push(login, title: "Form")
        try harness.renderer.type("x", into: "B")
        harness.render(.column([.textField(placeholder: "A")]), on: login)
        harness.render(.column([.textField(placeholder: "A"), .textField(placeholder: "B")]), on: login)
        #expect(!harness.renderer.snapshot().contains("[focused]"))
    }

    @Test func inputWithoutAScreenFails() {
        let renderer = HeadlessRenderer()
        expectError(.noScreen, "no screen is shown") { try renderer.tap("OK") }
        expectError(.noScreen, "cannot go back: no screen is shown") { try renderer.back() }
    }
}

@Suite struct HeadlessTypingTests {
    @Test func typingStopsWhenTheRuntimeClosesTheScreen() throws {
        let harness = HeadlessHarness()
        harness.render(.text("Home"), on: login)
        harness.renderer.push(login, title: "Home")
        harness.render(.textField(placeholder: "Search"), on: profile)
        harness.renderer.push(profile, title: "Search")
        harness.delegate.onEvent = { _ in harness.renderer.pop(profile) }
        defer { harness.delegate.onEvent = nil }  // it holds the harness
        try harness.renderer.type("abc", into: "Search")
        #expect(harness.delegate.events.count == 1)
        #expect(harness.renderer.snapshot() == "== Home ==\nText \"Home\"\n")
    }
}
