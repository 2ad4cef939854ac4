import LunarHeadless
import LunarTestSupport
import LunarUI
import Testing

private let login = ScreenID(1)

@Suite struct HeadlessFramesTests {
    @Test("snapshot frames ends each element's line with its frame; the plain snapshot is unchanged")
    func framesAfterEachLine() {
        let harness = HeadlessHarness()
        var card = Element(.view, children: [.text("Card title"), .text("A bordered card")])
        card.props[.style] = style(["borderWidth": .number(1), "margin": .number(8), "padding": .number(8)])
        harness.render(.column([
            .text("Welcome back"),
            .textField(placeholder: "Account", value: "bob", maxLength: 25, id: "account"),
            .row([.button("Cancel", id: "cancel"), .spacer(), .button("Log in", id: "login")]),
            card,
            .divider(),
        ]), on: login)
        harness.renderer.push(login, title: "Login")
        let plain = harness.renderer.snapshot()

        #expect(harness.renderer.snapshot(showingFrames: true) == """
            == Login ==
            Column @0,0 390x844
              Text "Welcome back" @0,0 390x16
              TextField #account "Account" value="bob" maxLength=25 @0,16 390x16
              Row @0,32 390x16
                Button #cancel "Cancel" @0,0 80x16
                Spacer @80,0 230x16
                Button #login "Log in" @310,0 80x16
              View @8,56 374x80
                Text "Card title" @16,24 342x16
                Text "A bordered card" @16,40 342x16
              Divider @0,144 390x16

            """)
        #expect(harness.renderer.snapshot() == plain, "frames are printed only when asked for")
        #expect(!plain.contains("@"))
    }

    @Test("frames follow mutations and the viewport")
    func framesFollowChanges() {
        let harness = HeadlessHarness()
        harness.render(.column([.text("a"), .text("b")]), on: login)
        harness.renderer.push(login, title: nil)
        harness.renderer.viewport.width = 80
        #expect(harness.renderer.snapshot(showingFrames: true).contains(#"Text "b" @0,16 80x16"#))
        harness.render(.column([.text("a long line that wraps"), .text("b")]), on: login)
        #expect(harness.renderer.snapshot(showingFrames: true).contains(#"Text "a long line that wraps" @0,0 80x48"#),
                "10 columns: three lines")
        #expect(harness.renderer.snapshot(showingFrames: true).contains(#"Text "b" @0,48 80x16"#))
    }
}
