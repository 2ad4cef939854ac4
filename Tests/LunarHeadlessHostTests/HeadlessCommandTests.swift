import LunarBase
import LunarHeadlessHost
import Testing

@Suite struct HeadlessCommandTests {
    @Test func parsesEveryCommand() throws {
        #expect(try HeadlessCommand.parse("open /navPush/profile?id=3") == .open("/navPush/profile?id=3"))
        #expect(try HeadlessCommand.parse("type Account bob") == .type(field: "Account", text: "bob"))
        #expect(try HeadlessCommand.parse(#"type "Full name" "Ann \"A\" Lee""#) == .type(field: "Full name", text: #"Ann "A" Lee"#))
        #expect(try HeadlessCommand.parse(#"tap "Log in""#) == .tap("Log in"))
        #expect(try HeadlessCommand.parse("  back ") == .back)
        #expect(try HeadlessCommand.parse("wait") == .wait)
        #expect(try HeadlessCommand.parse("snapshot") == .snapshot)
        #expect(try HeadlessCommand.parse("snapshot frames") == .snapshotFrames)
        #expect(try HeadlessCommand.parse("clear Account") == .clear(field: "Account"))
        #expect(try HeadlessCommand.parse("submit Account") == .submit(field: "Account"))
        #expect(try HeadlessCommand.parse(#"type Account """#) == .type(field: "Account", text: ""))
        #expect(try HeadlessCommand.parse("longpress Row") == .longPress("Row"))
        #expect(try HeadlessCommand.parse(#"pressin "Open card""#) == .pressIn("Open card"))
        #expect(try HeadlessCommand.parse("pressout card") == .pressOut("card"))
        #expect(try HeadlessCommand.parse(#"toggle "Dark mode""#) == .toggle("Dark mode"))
        #expect(try HeadlessCommand.parse("scroll items 480") == .scroll("items", offset: 480))
        #expect(try HeadlessCommand.parse("scroll items end") == .scroll("items", offset: nil))
        #expect(try HeadlessCommand.parse("") == nil)
        #expect(try HeadlessCommand.parse("# a comment") == nil)
    }

    @Test func refusesMalformedLinesWithAMessage() {
        #expect(throws: MessageError("usage: tap LABEL")) { try HeadlessCommand.parse("tap") }
        #expect(throws: MessageError("unterminated quote")) { try HeadlessCommand.parse(#"tap "Log in"#) }
        #expect(throws: MessageError("unknown command 'press' (open, type, clear, submit, tap, longpress, pressin, pressout, toggle, scroll, back, appearance, resize, wait, snapshot)")) {
            try HeadlessCommand.parse("press OK")
        }
        #expect(throws: MessageError("usage: back")) { try HeadlessCommand.parse("back now") }
        #expect(throws: MessageError("scroll: 'down' is not an offset (a number of points, or end)")) {
            try HeadlessCommand.parse("scroll items down")
        }
        #expect(throws: MessageError("usage: snapshot [frames]")) { try HeadlessCommand.parse("snapshot all") }
    }
}
