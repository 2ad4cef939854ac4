import Foundation
import LunarBase
import LunarBridge
@testable import LunarDebug
import Testing

/// The request decoder: every number a client supplies goes through one checked reader, and
/// one that no use of it can hold is a refusal (a `success: false` response), never a trap.
@Suite struct DAPRequestTests {
    static func decode(_ command: String, _ arguments: String) throws(MessageError) -> DAPCommand {
        try DAPRequest(body: Data(#"{"seq":7,"type":"request","command":"\#(command)","arguments":\#(arguments)}"#.utf8)).decode()
    }

    @Test(arguments: [
        ("stackTrace", #"{"startFrame":-1}"#, "startFrame"),
        ("stackTrace", #"{"levels":-5}"#, "levels"),
        ("stackTrace", #"{"startFrame":1e300}"#, "startFrame"),
        ("scopes", #"{"frameId":9223372036854775807}"#, "frameId"),
        ("scopes", #"{"frameId":0}"#, "frameId"),
        ("scopes", #"{"frameId":1.5}"#, "frameId"),
        ("scopes", #"{"frameId":true}"#, "frameId"),
        ("scopes", #"{"frameId":"1"}"#, "frameId"),
        ("scopes", #"{}"#, "frameId"),
        ("variables", #"{"variablesReference":4294967296}"#, "variablesReference"),
        ("variables", #"{"variablesReference":1,"start":9223372036854775807}"#, "start"),
        ("variables", #"{"variablesReference":1,"count":-1}"#, "count"),
        ("evaluate", #"{"expression":"1","frameId":-9223372036854775808}"#, "frameId"),
        ("evaluate", #"{"expression":5}"#, "expression"),
        ("setBreakpoints", #"{"source":{"path":"/a.lua"},"breakpoints":[{"line":1099511627776}]}"#, "line"),
        ("setBreakpoints", #"{"source":{"path":"/a.lua"},"breakpoints":[{"line":0}]}"#, "line"),
        ("setBreakpoints", #"{"source":{"path":"/a.lua"},"breakpoints":[{"line":3,"hitCondition":7}]}"#, "hitCondition"),
        ("setBreakpoints", #"{"source":"/a.lua"}"#, "source"),
        ("setExceptionBreakpoints", #"{"filters":[1]}"#, "filters"),
    ])
    func numbersAndTypesNoUseCanHoldAreRefused(_ command: String, _ arguments: String, _ member: String) {
        do {
            let decoded = try Self.decode(command, arguments)
            Issue.record("\(command) \(arguments) was accepted: \(decoded)")
        } catch {
            #expect(error.message.hasPrefix("\(command): \"\(member)\" must be") || error.message.contains("\"\(member)\""), "\(error.message)")
        }
    }

    @Test func numbersInRangeAreRead() throws {
        #expect(try Self.decode("stackTrace", #"{"startFrame":2,"levels":20.0}"#) == .stackTrace(startFrame: 2, levels: 20))
        #expect(try Self.decode("stackTrace", #"{"startFrame":null}"#) == .stackTrace(startFrame: 0, levels: 0))
        #expect(try Self.decode("scopes", #"{"frameId":2147483647}"#) == .scopes(frameId: 2147483647))
        #expect(try Self.decode("variables", #"{"variablesReference":3,"start":100,"count":100,"filter":"indexed"}"#)
                == .variables(reference: 3, start: 100, count: 100, filter: .indexed))
        #expect(try Self.decode("setBreakpoints", #"{"source":{"path":"/a.lua"},"breakpoints":[{"line":4,"condition":"x > 1"}]}"#)
                == .setBreakpoints(path: "/a.lua", [LuaBreakpoint(line: 4, condition: "x > 1")]))
        #expect(try Self.decode("attach", #"{"token":"abc"}"#) == .attach(token: "abc"))
        #expect(try Self.decode("evaluate", #"{"expression":"x"}"#) == .evaluate(expression: "x", frameId: nil))
    }

    @Test(arguments: [
        #"[1,2,3]"#,
        #"{"type":"event","seq":1,"command":"x"}"#,
        #"{"type":"request","seq":-1,"command":"x"}"#,
        #"{"type":"request","seq":1e300,"command":"x"}"#,
        #"{"type":"request","seq":1}"#,
        #"{"type":"request","seq":1,"command":"x","arguments":[]}"#,
        "not json",
    ])
    func messagesThatAreNotRequestsAreRefused(_ body: String) {
        #expect(throws: MessageError.self) { _ = try DAPRequest(body: Data(body.utf8)) }
    }
}
