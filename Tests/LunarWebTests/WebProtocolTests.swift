import LunarJSON
import LunarTestSupport
import LunarUI
@testable import LunarWeb
import Testing

/// The wire protocol: what the server sends for each renderer call, and what it accepts from a page.
@Suite struct WebProtocolTests {
    @Test func oneTextChangeIsOneSmallMessage() {
        let message = ServerMessage.mutations([.update(NodeID(5), NodeUpdate(props: ["text": "Count: 3"]))], on: ScreenID(1))
        #expect(message == #"{"t":"m","s":1,"m":[["u",5,{"text":"Count: 3"}]]}"#)
        // web.text_update_bytes: the goal is at most 100 bytes.
        print("web.text_update_bytes bytes=\(message.utf8.count)")
        #expect(message.utf8.count <= 100)
    }

    @Test func mutationsAreCompactArrays() {
        let batch: [Mutation] = [
            .create(NodeID(2), kind: .button, props: ["title": "Log in", "disabled": false], events: [.press]),
            .insert(NodeID(2), parent: NodeID(1), index: 0),
            .insert(NodeID(1), parent: nil, index: 0),
            .move(NodeID(3), parent: NodeID(1), index: 2),
            .update(NodeID(4), NodeUpdate(props: [:], removedProps: ["secure"], events: [.change, .submit])),
            .remove(NodeID(3), parent: NodeID(1)),
        ]
        #expect(ServerMessage.mutations(batch, on: ScreenID(7)) == """
            {"t":"m","s":7,"m":[["c",2,"Button",{"disabled":false,"title":"Log in"},["press"]],["i",2,1,0],["i",1,null,0],\
            ["v",3,1,2],["u",4,{},["secure"],["change","submit"]],["r",3,1]]}
            """)
    }

    @Test func stringsAreEscaped() {
        #expect(JSONWriter.quoted("a\"b\\c\nd\u{1}</script>") == #""a\"b\\c\nd\u0001</script>""#)
    }

    @Test func overlaysAndNavigation() {
        #expect(ServerMessage.show(ScreenID(1), title: "Login", path: "/login", modal: false) == #"{"t":"push","s":1,"title":"Login","path":"/login"}"#)
        #expect(ServerMessage.show(ScreenID(2), title: nil, path: nil, modal: true) == #"{"t":"present","s":2,"title":null,"path":null}"#)
        let overlay = ErrorOverlay(message: "boom", file: "screens/home.lua", line: 2, codeFrame: [.init(number: 2, text: "error('boom')")])
        #expect(ServerMessage.error(overlay, on: ScreenID(1))
                == #"{"t":"error","s":1,"message":"boom","location":"screens/home.lua:2","line":2,"frame":[[2,"error('boom')"]]}"#)
        let alert = Alert(id: AlertID(3), title: "Delete?", buttons: [.init("Cancel", role: .cancel), .init("Delete", role: .destructive)])
        #expect(ServerMessage.alert(alert) == #"{"t":"alert","id":3,"title":"Delete?","message":null,"buttons":[["Cancel","cancel"],["Delete","destructive"]]}"#)
    }

    // MARK: Styles as CSS

    func css(_ pairs: [(String, StyleInput)]) throws -> String {
        var style = Style()
        for (name, value) in pairs { try style.set(name, value) }
        return StyleCSS.declarations(for: style)
    }

    @Test func flexMeansWhatYogaMeans() throws {
        #expect(try css([("flex", .number(1))]) == "flex:1 0 0px")
        #expect(try css([("flex", .number(-1))]) == "flex:0 1 auto")
        #expect(try css([("flex", .number(0))]) == "flex:0 0 auto")
        // An explicit grow, shrink or basis wins over flex.
        #expect(try css([("flex", .number(2)), ("flexShrink", .number(1))]) == "flex:2 0 0px;flex-shrink:1")
    }

    @Test func lengthsColoursAndKeywords() throws {
        #expect(try css([("width", .string("50%")), ("height", .number(20)), ("backgroundColor", .string("tomato"))])
                == "background-color:#ff6347;height:20px;width:50%")
        #expect(try css([("fontWeight", .string("bold")), ("opacity", .number(0.5)), ("overflow", .string("scroll"))])
                == "font-weight:bold;opacity:0.5;overflow:auto")
        #expect(try css([("aspectRatio", .string("16/9"))]).hasPrefix("aspect-ratio:1.77"))
    }

    @Test func edgesResolveAsInYoga() throws {
        // all < horizontal/vertical < one edge < start/end, whatever the order written.
        #expect(try css([("marginLeft", .number(3)), ("marginHorizontal", .number(2)), ("margin", .number(1))])
                == "margin:1px;margin-left:2px;margin-right:2px;margin-left:3px")
        #expect(try css([("paddingStart", .number(4)), ("paddingLeft", .number(1))]) == "padding-left:1px;padding-inline-start:4px")
        #expect(try css([("borderWidth", .number(1)), ("borderTopWidth", .number(2))]) == "border-width:1px;border-top-width:2px")
    }

    @Test func specificKeysWinOverTheirShorthandWhateverTheOrder() throws {
        #expect(try css([("columnGap", .number(2)), ("gap", .number(17))]) == "gap:17px;column-gap:2px")
        #expect(try css([("rowGap", .number(3)), ("gap", .number(17))]) == "gap:17px;row-gap:3px")
        #expect(try css([("flexGrow", .number(3)), ("flex", .number(1))]) == "flex:1 0 0px;flex-grow:3")
        #expect(try css([("flexBasis", .number(40)), ("flex", .number(1))]) == "flex:1 0 0px;flex-basis:40px")
        #expect(try css([("borderLeftColor", .string("#ff0000")), ("borderColor", .string("#0000ff"))])
                == "border-color:#0000ff;border-left-color:#ff0000")
        #expect(try css([("borderTopLeftRadius", .number(2)), ("borderRadius", .number(8))])
                == "border-radius:8px;border-top-left-radius:2px")
    }

    @Test func aStyleTravelsAsItsCSS() throws {
        var style = Style()
        try style.set("padding", .number(8))
        #expect(ServerMessage.encode(.create(NodeID(1), kind: .view, props: ["style": .style(style)], events: []))
                == #"["c",1,"View",{"style":"padding:8px"},[]]"#)
    }

    // MARK: What a page may send

    @Test func wellFormedMessages() throws {
        #expect(try PageMessage.parse(#"{"t":"press","s":1,"n":5}"#) == .press(screen: ScreenID(1), node: NodeID(5)))
        #expect(try PageMessage.parse(#"{"t":"change","s":1,"n":5,"v":"ann"}"#) == .change(screen: ScreenID(1), node: NodeID(5), value: "ann"))
        #expect(try PageMessage.parse(#"{"t":"change","s":1,"n":6,"v":true}"#) == .change(screen: ScreenID(1), node: NodeID(6), value: true))
        #expect(try PageMessage.parse(#"{"t":"submit","s":1,"n":5,"v":"x"}"#) == .submit(screen: ScreenID(1), node: NodeID(5), value: "x"))
        #expect(try PageMessage.parse(#"{"t":"scroll","s":1,"n":5,"y":12.5}"#) == .scroll(screen: ScreenID(1), node: NodeID(5), offset: 12.5))
        #expect(try PageMessage.parse(#"{"t":"longPress","s":1,"n":5}"#) == .longPress(screen: ScreenID(1), node: NodeID(5)))
        #expect(try PageMessage.parse(#"{"t":"viewport","s":1,"n":5,"y":600}"#) == .viewport(screen: ScreenID(1), node: NodeID(5), extent: 600))
        #expect(try PageMessage.parse(#"{"t":"back","s":2}"#) == .back(screen: ScreenID(2)))
        #expect(try PageMessage.parse(#"{"t":"alert","id":3,"i":1}"#) == .alertButton(AlertID(3), index: 1))
    }

    @Test(arguments: [
        ("not json", "malformed message (not a JSON object)"),
        ("[1,2]", "malformed message (not a JSON object)"),
        (#"{"s":1}"#, "malformed message (no \"t\")"),
        (#"{"t":"press","s":1}"#, "malformed press (no \"n\")"),
        (#"{"t":"press","s":"1","n":2}"#, "malformed message (\"s\" has the wrong type)"),
        (#"{"t":"change","s":1,"n":2,"v":3}"#, "malformed message (\"v\" has the wrong type)"),
        (#"{"t":"submit","s":1,"n":2,"v":false}"#, "malformed submit (\"v\" must be a string)"),
        (#"{"t":"launch","s":1}"#, "unknown message type \"launch\""),
        (#"{"t":"viewport","s":1,"n":2}"#, "malformed viewport (no \"y\")"),
        (#"{"t":"viewport","s":1,"n":2,"y":-5}"#, "malformed viewport (\"y\" must be a number from 0 to 1000000000)"),
        (#"{"t":"viewport","s":1,"n":2,"y":"tall"}"#, "malformed message (\"y\" has the wrong type)"),
    ])
    func badMessagesAreRefusedWithAReason(text: String, reason: String) {
        #expect(throws: PageMessageError(reason)) { try PageMessage.parse(text) }
    }

    /// Issue 28: numbers no conversion can hold (a list's `ListWindow.rows` trapped on `y = 1e300`)
    /// are refused by the message reader, field by field, never converted.
    @Test(arguments: [
        (#"{"t":"viewport","s":2,"n":2,"y":1e300}"#, "malformed viewport (\"y\" must be a number from 0 to 1000000000)"),
        (#"{"t":"scroll","s":2,"n":2,"y":1e300}"#, "malformed scroll (\"y\" must be a number from -1000000000 to 1000000000)"),
        (#"{"t":"scroll","s":2,"n":2,"y":-1e10}"#, "malformed scroll (\"y\" must be a number from -1000000000 to 1000000000)"),
        (#"{"t":"alert","id":1,"i":-1}"#, "malformed alert (\"i\" must be a whole number from 0 to 9007199254740991)"),
        (#"{"t":"alert","id":1,"i":0.5}"#, "malformed alert (\"i\" must be a whole number from 0 to 9007199254740991)"),
        (#"{"t":"press","s":1e300,"n":2}"#, "malformed press (\"s\" must be a whole number from 0 to 9007199254740991)"),
        (#"{"t":"press","s":1,"n":9223372036854775807}"#, "malformed press (\"n\" must be a whole number from 0 to 9007199254740991)"),
        (#"{"t":"press","s":1,"n":-3}"#, "malformed press (\"n\" must be a whole number from 0 to 9007199254740991)"),
        (#"{"t":"ping","id":1.25}"#, "malformed ping (\"id\" must be a whole number from 0 to 9007199254740991)"),
    ])
    func numbersOutOfTheirFieldsRangeAreRefused(text: String, reason: String) {
        #expect(throws: PageMessageError(reason)) { try PageMessage.parse(text) }
    }

    @Test func anOversizedMessageIsRefused() {
        let text = #"{"t":"change","s":1,"n":2,"v":""# + String(repeating: "x", count: PageMessage.maximumBytes) + #""}"#
        #expect(throws: PageMessageError("oversized message (\(text.utf8.count) bytes, at most \(PageMessage.maximumBytes))")) {
            try PageMessage.parse(text)
        }
    }
}

/// What the renderer reports from a page: only what the shown screen's nodes declare.
@Suite struct WebRendererTests {
    func makeRenderer() -> (WebRenderer, RecordingDelegate, SharedLog<String>) {
        let sent = SharedLog<String>()
        let renderer = WebRenderer(outbox: WebOutbox { sent.append($0) }, files: WebFiles(tab: 1))
        let delegate = RecordingDelegate()
        renderer.delegate = delegate
        renderer.apply([
            .create(NodeID(1), kind: .column, props: [:], events: []),
            .create(NodeID(2), kind: .textField, props: ["maxLength": 3], events: [.change, .submit]),
            .insert(NodeID(2), parent: NodeID(1), index: 0),
            .create(NodeID(3), kind: .button, props: ["title": "Go", "disabled": true], events: [.press]),
            .insert(NodeID(3), parent: NodeID(1), index: 1),
            .create(NodeID(4), kind: .text, props: ["text": "hi"], events: []),
            .insert(NodeID(4), parent: NodeID(1), index: 2),
            .insert(NodeID(1), parent: nil, index: 0),
        ], to: ScreenID(1))
        renderer.push(ScreenID(1), title: "Home")
        return (renderer, delegate, sent)
    }

    @Test func aChangeIsCappedAtMaxLengthAndReported() {
        let (renderer, delegate, _) = makeRenderer()
        #expect(renderer.receive(.change(screen: ScreenID(1), node: NodeID(2), value: "abcdef")) == nil)
        #expect(delegate.events == [.element(screen: ScreenID(1), node: NodeID(2), event: .change, payload: "abc")])
        #expect(renderer.tree(of: ScreenID(1))?.node(NodeID(2))?.props[.value] == "abc")
    }

    @Test func undeclaredDisabledAndUnknownNodesReportNothing() {
        let (renderer, delegate, _) = makeRenderer()
        #expect(renderer.receive(.press(screen: ScreenID(1), node: NodeID(3)))?.isStale == true)   // disabled
        #expect(renderer.receive(.press(screen: ScreenID(1), node: NodeID(4)))?.isStale == true)   // no press
        #expect(renderer.receive(.press(screen: ScreenID(1), node: NodeID(99)))?.isStale == true)  // unknown
        #expect(renderer.receive(.press(screen: ScreenID(9), node: NodeID(2)))?.isStale == true)   // unknown screen
        #expect(renderer.receive(.change(screen: ScreenID(1), node: NodeID(2), value: true))?.isStale == false)  // wrong kind of value
        #expect(renderer.receive(.back(screen: ScreenID(1)))?.isStale == true)                     // nowhere to go back to
        #expect(renderer.receive(.alertButton(AlertID(1), index: 0))?.isStale == true)
        #expect(delegate.events.isEmpty)
    }

    @Test func backAndAlertsAreReportedOnce() {
        let (renderer, delegate, sent) = makeRenderer()
        renderer.push(ScreenID(2), title: nil)
        renderer.showAlert(Alert(id: AlertID(1), title: "Sure?"))
        #expect(renderer.receive(.back(screen: ScreenID(2))) == nil)
        #expect(renderer.receive(.alertButton(AlertID(1), index: 1)) != nil)   // one button only
        #expect(renderer.receive(.alertButton(AlertID(1), index: 0)) == nil)
        #expect(renderer.receive(.alertButton(AlertID(1), index: 0)) != nil)   // already closed
        #expect(delegate.events == [.back(ScreenID(2)), .alertButton(AlertID(1), index: 0)])
        #expect(sent.all.contains(#"{"t":"push","s":2,"title":null,"path":null}"#))
    }

    @Test func aListReportsItsViewportAndScroll() {
        let (renderer, delegate, _) = makeRenderer()
        renderer.apply([
            .create(NodeID(5), kind: .list, props: ["itemCount": 1000, "firstIndex": 0], events: [.scroll, .viewport]),
            .insert(NodeID(5), parent: NodeID(1), index: 3),
        ], to: ScreenID(1))
        #expect(renderer.receive(.viewport(screen: ScreenID(1), node: NodeID(5), extent: 400)) == nil)
        #expect(renderer.receive(.scroll(screen: ScreenID(1), node: NodeID(5), offset: 120)) == nil)
        #expect(renderer.receive(.viewport(screen: ScreenID(1), node: NodeID(4), extent: 400))?.isStale == true)   // a Text
        #expect(delegate.events == [
            .element(screen: ScreenID(1), node: NodeID(5), event: .viewport, payload: .double(400)),
            .element(screen: ScreenID(1), node: NodeID(5), event: .scroll, payload: .double(120)),
        ])
    }

    @Test func anImageFileReachesThePageAsAnOpaqueAddress() throws {
        let sent = SharedLog<String>()
        let files = WebFiles(tab: 4)
        let renderer = WebRenderer(outbox: WebOutbox { sent.append($0) }, files: files)
        renderer.apply([.create(NodeID(1), kind: .image, props: ["alt": "Dot", "imageFile": "/cache/ab.png"], events: [])], to: ScreenID(1))
        renderer.apply([.update(NodeID(1), NodeUpdate(props: ["imageFile": "/cache/cd.png"]))], to: ScreenID(1))
        let messages = sent.all.joined(separator: "\n")
        #expect(!messages.contains("/cache/"))
        let addresses = messages.matches(of: /\/lunar\/file\/4\/([0-9a-f]{32})/).map { String($0.output.1) }
        #expect(addresses.count == 2)
        #expect(addresses.map { files.path(of: $0) } == ["/cache/ab.png", "/cache/cd.png"])
        #expect(files.path(of: "0123456789abcdef0123456789abcdef") == nil)
        #expect(files.address(of: "/cache/ab.png") == "/lunar/file/4/" + addresses[0])   // the same address each time
    }

    @Test func aRefusedMutationIsSkippedAndNotSent() {
        let (renderer, _, sent) = makeRenderer()
        _ = sent.take()
        renderer.apply([.insert(NodeID(42), parent: NodeID(1), index: 0), .update(NodeID(4), NodeUpdate(props: ["text": "ho"]))], to: ScreenID(1))
        #expect(sent.all == [#"{"t":"m","s":1,"m":[["u",4,{"text":"ho"}]]}"#])
    }
}

extension WebProtocolTests {
    @Test func aPingIsAMessageTheServerAnswers() throws {
        #expect(try PageMessage.parse(#"{"t":"ping","id":7}"#) == .ping(id: 7))
        #expect(ServerMessage.pong(7) == #"{"t":"pong","id":7}"#)
    }
}
