import LunarBase
import LunarDevtools
import Testing

/// The inspector's messages to the runtime: each kind read, and bad ones refused with a reason.
@Suite struct DevtoolsCommandTests {
    @Test func everyKindIsRead() throws {
        #expect(try DevtoolsCommand.parse(#"{"t":"select","target":2}"#) == .select(target: 2))
        #expect(try DevtoolsCommand.parse(#"{"t":"tree"}"#) == .tree)
        #expect(try DevtoolsCommand.parse(#"{"t":"highlight","s":1,"n":5}"#) == .highlight(screen: 1, node: 5))
        #expect(try DevtoolsCommand.parse(#"{"t":"highlight"}"#) == .highlight(screen: nil, node: nil))
        #expect(try DevtoolsCommand.parse(#"{"t":"eval","id":3,"code":"1+1"}"#) == .evaluate(id: 3, code: "1+1"))
        #expect(try DevtoolsCommand.parse(#"{"t":"route","url":"/items/3"}"#) == .route(url: "/items/3"))
        #expect(try DevtoolsCommand.parse(#"{"t":"state"}"#) == .state)
        #expect(try DevtoolsCommand.parse(#"{"t":"storage.set","key":"k","value":"{\"a\":1}"}"#) == .setStorage(key: "k", json: #"{"a":1}"#))
        #expect(try DevtoolsCommand.parse(#"{"t":"storage.remove","key":"k"}"#) == .removeStorage(key: "k"))
    }

    @Test(arguments: [
        ("not json", "not a JSON object"),
        ("[1,2]", "not a JSON object"),
        (#"{"x":1}"#, "no message kind (\"t\")"),
        (#"{"t":"launch"}"#, "unknown message kind 'launch'"),
        (#"{"t":"select","target":"2"}"#, "'select' needs an integer \"target\""),
        (#"{"t":"select","target":1.5}"#, "'select' needs an integer \"target\""),
        (#"{"t":"select","target":true}"#, "'select' needs an integer \"target\""),
        (#"{"t":"eval","id":1}"#, "'eval' needs a string \"code\""),
        (#"{"t":"highlight","s":1}"#, "'highlight' needs an integer \"n\""),
        (#"{"t":"storage.set","key":"k","value":"hello"}"#, "the value for 'k' is not JSON (write strings in double quotes)"),
    ])
    func badMessagesAreRefusedWithAReason(text: String, reason: String) {
        #expect(throws: MessageError(reason)) { try DevtoolsCommand.parse(text) }
    }

    @Test func codeOverTheLimitIsRefused() {
        let code = String(repeating: "x", count: DevtoolsCommand.maximumCode + 1)
        #expect(throws: MessageError("code of \(code.count) bytes is over the limit of \(DevtoolsCommand.maximumCode)")) {
            try DevtoolsCommand.parse(#"{"t":"eval","id":1,"code":""# + code + #""}"#)
        }
    }
}
