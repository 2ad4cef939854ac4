import Foundation
import Glibc
import LunarTestSupport
import Testing

/// The debug port against clients that are not an editor: a web page's request, a client without
/// the token, numbers no conversion holds, a client that stops reading, an evaluation that loops
/// in a stop. Each runs the real `lunar dev --debug 0` and checks that the app lives and answers.
@Suite(.timeLimit(.minutes(3))) struct DebuggerHardeningTests {
    typealias Session = ShowcaseDebuggingTests.Session

    /// What a browser's `fetch("http://127.0.0.1:PORT/:x", {method: "POST", mode: "no-cors", body})`
    /// sends: its request line and headers hold colons, its body is framed by Content-Length.
    static func browserRequest(port: Int, body: String) -> Data {
        Data(("POST /:x HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://evil.example\r\nContent-Type: text/plain;charset=UTF-8\r\n"
              + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
    }

    @Test func aWebPagesRequestIsRefusedUnreadAndClosed() async throws {
        let session = try await Session.start()
        defer { session.end() }
        let page = try DAPTestClient(port: session.port)
        let evaluate = #"{"seq":1,"type":"request","command":"evaluate","arguments":{"expression":"print('page ran ' .. 'lua')"}}"#
        page.write(Self.browserRequest(port: session.port, body: evaluate))
        try await page.waitUntilClosed()
        #expect(page.receivedCount == 0)
        try await session.dev.waitForError("debugger: refused a malformed message (not DAP framing")
        // An editor attached after it: its evaluation runs; the page's never did.
        let editor = try await session.attach()
        _ = try await editor.request("evaluate", ["expression": "print('editor ran ' .. 'lua')"])
        try await session.dev.waitForOutput("editor ran lua")
        #expect(!session.dev.standardOutput.contains("page ran lua"))
    }

    @Test func aClientWithoutTheTokenIsAnsweredNothingButInitialize() async throws {
        let session = try await Session.start()
        defer { session.end() }
        // No token in attach: refused and closed.
        let bare = try DAPTestClient(port: session.port)
        _ = try await bare.request("initialize", ["adapterID": "lunar"])
        let noToken = try await bare.response(to: bare.send("attach", ["name": "x"]))
        #expect(noToken["success"] as? Bool == false)
        #expect((noToken["message"] as? String)?.contains("token") == true)
        try await bare.waitUntilClosed()
        // A wrong token: the same.
        let wrong = try DAPTestClient(port: session.port)
        let wrongToken = try await wrong.response(to: wrong.send("attach", ["token": String(session.token.reversed())]))
        #expect(wrongToken["success"] as? Bool == false)
        try await wrong.waitUntilClosed()
        // A second initialize (a client keeping the slot without the token): refused and closed.
        let repeating = try DAPTestClient(port: session.port)
        _ = try await repeating.request("initialize", ["adapterID": "lunar"])
        let again = try await repeating.response(to: repeating.send("initialize", ["adapterID": "lunar"]))
        #expect(again["success"] as? Bool == false)
        try await repeating.waitUntilClosed()
        // A request before attach: refused and closed, not run.
        let early = try DAPTestClient(port: session.port)
        let evaluated = try await early.response(to: early.send("evaluate", ["expression": "print('early ran ' .. 'lua')"]))
        #expect(evaluated["success"] as? Bool == false)
        try await early.waitUntilClosed()
        // The token admits.
        let editor = try await session.attach()
        _ = try await editor.request("evaluate", ["expression": "print('editor ran ' .. 'lua')"])
        try await session.dev.waitForOutput("editor ran lua")
        #expect(!session.dev.standardOutput.contains("early ran lua"))
    }

    /// `lunar dev --debug 0` with `LUNAR_DEBUG_TOKEN` set; returns its standard error once it
    /// holds `until` (or the process ended), the process, and the copy of the showcase it runs.
    static func startWithToken(_ token: String, until: String) throws -> (Process, String, URL) {
        let showcase = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Showcase")
        // A copy: `lunar dev` is not run on the repository's own files.
        let root = try makeTemporaryDirectory("lunar-debug-token").appendingPathComponent("Showcase")
        try FileManager.default.copyItem(at: showcase, to: root)
        let process = Process()
        process.executableURL = LiveProcess.binary
        process.arguments = ["dev", root.path, "--headless", "--port", "0", "--debug", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(["LUNAR_DEBUG_TOKEN": token]) { $1 }
        let err = Pipe(), input = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = input
        try process.run()
        var text = ""
        while !text.contains(until) {
            let data = err.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return (process, text, root.deletingLastPathComponent())
    }

    @Test func aTokenFromTheEnvironmentIsTheTokenAndAWeakOneIsRefused() throws {
        let fixed = "editor-token-0123456789"
        let (running, printed, first) = try Self.startWithToken(fixed, until: "in the attach arguments)\n")
        defer {
            running.terminate()
            try? FileManager.default.removeItem(at: first)
        }
        #expect(printed.contains("lunar: debugger token: \(fixed) (send it as \"token\" in the attach arguments)\n"), "\(printed)")
        let (refused, message, second) = try Self.startWithToken("short", until: "\u{0}never")
        defer { try? FileManager.default.removeItem(at: second) }
        refused.waitUntilExit()
        #expect(refused.terminationStatus != 0)
        #expect(message.contains("a debugger token must have at least 16 characters"), "\(message)")
    }

    @Test func numbersNoConversionHoldsAreRefusedAndTheAppLives() async throws {
        let session = try await Session.start()
        defer { session.end() }
        let first = try ShowcaseDebuggingTests.renderLine(session.login)
        let client = try await session.attach()
        // A line no Lua line can be: refused, and the breakpoint list stays usable.
        let farLine = try await client.response(to: client.send("setBreakpoints", ["source": ["path": session.login], "breakpoints": [["line": 1 << 40]]]))
        #expect(farLine["success"] as? Bool == false)
        try await ShowcaseDebuggingTests.setBreakpoints(client, path: session.login, [["line": first]])
        session.dev.send("type Account a")
        _ = try await client.event("stopped")
        let frameID = try #require(try await ShowcaseDebuggingTests.topFrame(client)["id"] as? Int)
        let locals = try #require((try await client.request("scopes", ["frameId": frameID]))["scopes"] as? [[String: Any]])
        let reference = try #require(locals.first?["variablesReference"] as? Int)
        let attempts: [(String, [String: Any])] = [
            ("stackTrace", ["threadId": 1, "startFrame": -1]),
            ("stackTrace", ["threadId": 1, "startFrame": 0, "levels": Int.min]),
            ("scopes", ["frameId": Int.max]),
            ("scopes", ["frameId": Int.min]),
            ("variables", ["variablesReference": Int.max]),
            ("variables", ["variablesReference": reference, "start": Int.max, "count": Int.max]),
            ("evaluate", ["expression": "1", "frameId": Int.max]),
            ("evaluate", ["expression": "1", "frameId": 1e300]),
        ]
        for (command, arguments) in attempts {
            let response = try await client.response(to: client.send(command, arguments))
            #expect(response["success"] as? Bool == false, "\(command) \(arguments): \(response)")
            #expect((response["message"] as? String)?.hasPrefix("\(command): \"") == true, "\(response)")
        }
        // The session goes on: the stack reads, the app resumes and answers.
        #expect(try await ShowcaseDebuggingTests.topFrame(client)["line"] as? Int == first)
        try await ShowcaseDebuggingTests.setBreakpoints(client, path: session.login, [])
        _ = try await client.request("continue", ["threadId": 1])
        session.dev.send("snapshot")
        try await session.dev.waitForOutput("value=\"a\"")
    }

    @Test func aClientThatStopsReadingIsDroppedAndTheAppGoesOn() async throws {
        let session = try await Session.start()
        defer { session.end() }
        let stalled = try DAPTestClient(port: session.port, reads: false, receiveBuffer: 16 << 10)
        stalled.send("initialize", ["adapterID": "lunar"])
        stalled.send("attach", ["token": session.token])
        // The app prints, then answers 8 MB the client never reads: more than the queue (2 MiB) and
        // the kernel's socket buffers (up to 4 MiB) hold, so the old blocking send froze the executor.
        // (The bulk is in responses, so the test's own reading of standard output stays small.)
        stalled.send("evaluate", ["expression": "for i = 1, 100 do print(string.rep('x', 1000)) end"])
        for _ in 1...8 { stalled.send("evaluate", ["expression": "string.rep('x', 1000000)"]) }
        try await session.dev.waitForError("debugger: the client stopped reading")
        session.dev.send("type Account zed")
        session.dev.send("snapshot")
        try await session.dev.waitForOutput("value=\"zed\"")
        stalled.startReading()
        try await stalled.waitUntilClosed()
        // The slot is free again.
        let editor = try await session.attach()
        _ = try await editor.request("threads")
    }

    @Test func anEvaluationThatLoopsInAStopEndsAndADisconnectResumesTheApp() async throws {
        let session = try await Session.start()
        defer { session.end() }
        let first = try ShowcaseDebuggingTests.renderLine(session.login)
        let client = try await session.attach()
        try await ShowcaseDebuggingTests.setBreakpoints(client, path: session.login, [["line": first]])
        session.dev.send("type Account a")
        _ = try await client.event("stopped")
        let frameID = try #require(try await ShowcaseDebuggingTests.topFrame(client)["id"] as? Int)
        // Under the instruction budget: it ends with an error naming it, and the stop goes on.
        let looped = try await client.response(to: client.send("evaluate", ["expression": "while true do end", "frameId": frameID]), within: 60)
        #expect(looped["success"] as? Bool == false)
        #expect((looped["message"] as? String)?.contains("instruction budget exceeded") == true, "\(looped)")
        let condition = try await client.request("evaluate", ["expression": "self.title", "frameId": frameID])
        #expect(condition["result"] as? String == "\"Login\"")
        // A loop running when the client goes: it ends, the breakpoints go, and the app resumes.
        client.send("evaluate", ["expression": "while true do end", "frameId": frameID])
        client.disconnect()
        session.dev.send("snapshot")
        try await session.dev.waitForOutput("value=\"a\"", within: 30)
        // The breakpoints went with the client: renders run through.
        session.dev.send("clear Account")
        session.dev.send("type Account b")
        session.dev.send("snapshot")
        try await session.dev.waitForOutput("value=\"b\"")
    }
}
