import Foundation
import LunarBridge
import LunarNetworkLua
import LunarRuntime
import LunarTestSupport
import Testing

/// The fault catalogue, part 4: network chaos against a real loopback server, through the Lua
/// face (`net.send` from a script). Each misbehaving server ends in a clear error table in the
/// script's callback, and leaves no request in flight and no registry reference behind.
@Suite struct NetworkChaosCatalogue {
    struct Chaos: Sendable, CustomTestStringConvertible {
        let name: String
        let reply: LoopbackServer.Reply
        /// Stop the server before the request: nothing listens on the port.
        var refused = false
        let kind: String
        /// Text the error message contains.
        var says = ""
        var testDescription: String { name }
    }

    static let cases: [Chaos] = [
        Chaos(name: "connection refused", reply: .json("{}"), refused: true, kind: "offline"),
        Chaos(name: "reset mid-body", reply: .reset(declared: 1000, body: Array(#"{"items":[1,2,"#.utf8)), kind: "transport"),
        Chaos(name: "truncated body", reply: .truncated(declared: 100, body: Array(#"{"partial":"#.utf8)), kind: "transport"),
        Chaos(name: "garbage bytes instead of HTTP", reply: .garbage(Array("\u{1}\u{2}NOT HTTP AT ALL\r\n\r\n".utf8)), kind: "transport"),
        Chaos(name: "never-ending body (size cap)", reply: .endless, kind: "tooLarge"),
        Chaos(name: "server that never answers (timeout)", reply: .never, kind: "timeout"),
        Chaos(name: "malformed JSON", reply: .json(#"{"name": "Ada", }"#), kind: "decode", says: "byte 16"),
        Chaos(name: "HTML instead of JSON", reply: .respond(status: 200, headers: ["Content-Type": "text/html"], body: Array("<html>oops</html>".utf8)),
              kind: "decode"),
        Chaos(name: "server error", reply: .text("boom", status: 503), kind: "http", says: "503"),
    ]

    @Test(arguments: cases)
    func chaosEndsInAClearErrorAndLeaksNothing(_ chaos: Chaos) async throws {
        let server = try LoopbackServer { _ in chaos.reply }
        defer { server.stop() }
        if chaos.refused { server.stop() }
        let app = try await FaultApp(files: [:], apiBaseURL: server.baseURL)
        _ = try await app.lua("""
            local net = require("lunar.net")
            function send()
              net.send(net.request { path = "/chaos", timeout = 0.2, maxBodySize = 65536 }, function(result, err)
                OUTCOME = err and { kind = err.kind, message = err.message } or { kind = "none" }
              end)
            end
            """, name: "@chaos.lua")
        // The first send sets up what every later one shares (metatables, helpers): measure from there.
        _ = try await app.lua("send()")
        #expect(await app.runtime.wait(timeout: 10), "the request never ended")
        let before = try await app.resources()
        _ = try await app.lua("send()")
        #expect(await app.runtime.wait(timeout: 10), "the request never ended")
        let outcome = try await app.lua("local o = OUTCOME OUTCOME = nil return o.kind, o.message")
        #expect(outcome.first?.stringValue == chaos.kind, "got \(outcome)")
        let message = outcome.last?.stringValue ?? ""
        #expect(!message.isEmpty)
        #expect(chaos.says.isEmpty || message.contains(chaos.says), "message: \(message)")
        #expect(!message.contains("NSURLErrorDomain"), "message: \(message)")
        let running = await app.runtime.withHost { _, state in state[extension: ScriptNetwork.self]?.runningCount }
        #expect(running == 0)
        let after = try await app.resources()
        #expect(after.references == before.references, "registry references: \(before.references) → \(after.references)")
        #expect(try await app.assertUsable())
    }
}
