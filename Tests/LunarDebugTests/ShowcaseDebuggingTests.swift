import Foundation
import Glibc
import LunarTestSupport
import Testing

/// `lunar dev Examples/Showcase --debug 0` through the real binary, headless (commands on
/// standard input), driven by a DAP client over TCP as an editor would.
@Suite(.timeLimit(.minutes(3))) struct ShowcaseDebuggingTests {
    /// A copy of the showcase to edit, and `lunar dev` running it with the debugger listening.
    struct Session {
        let root: URL
        let dev: LiveProcess
        let port: Int
        /// The debugger's token, as printed on standard error.
        let token: String

        var login: String { root.appendingPathComponent("screens/login.lua").path }

        static func start() async throws -> Session {
            let showcase = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Examples/Showcase")
            let root = try makeTemporaryDirectory("lunar-debug").appendingPathComponent("Showcase")
            try FileManager.default.copyItem(at: showcase, to: root)
            let dev = try LiveProcess(["dev", root.path, "--headless", "--port", "0", "--debug", "0"])
            try await dev.waitForError(" (send it as \"token\" in the attach arguments)\n")
            let lines = dev.standardError.split(separator: "\n")
            let line = try #require(lines.first { $0.hasPrefix("lunar: debugger listening on 127.0.0.1:") })
            let port = try #require(Int(line.dropFirst("lunar: debugger listening on 127.0.0.1:".count).prefix { $0.isNumber }))
            let tokenLine = try #require(lines.first { $0.hasPrefix("lunar: debugger token: ") })
            let token = String(tokenLine.dropFirst("lunar: debugger token: ".count).prefix { $0 != " " })
            try await dev.waitForOutput("== Login ==")
            return Session(root: root.resolvingSymlinksInPath(), dev: dev, port: port, token: token)
        }

        func attach() async throws -> DAPTestClient {
            let client = try DAPTestClient(port: port)
            let capabilities = try await client.request("initialize", ["adapterID": "lunar", "clientID": "tests"])
            #expect(capabilities["supportsConditionalBreakpoints"] as? Bool == true)
            #expect(capabilities["supportsLogPoints"] as? Bool == true)
            _ = try await client.event("initialized")
            _ = try await client.request("attach", ["name": "tests", "token": token])
            return client
        }

        /// Saves `screens/login.lua` with `edit` applied, in one rename. (The reload's report comes
        /// once its render is done: after any stop in it.)
        func editLogin(_ edit: (String) -> String) throws {
            let text = try String(contentsOfFile: login, encoding: .utf8)
            let staged = root.appendingPathComponent(".login.lua.tmp")
            try edit(text).write(to: staged, atomically: false, encoding: .utf8)
            #expect(rename(staged.path, login) == 0)
        }

        func end() {
            dev.terminate()
            try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
        }
    }

    @discardableResult
    static func setBreakpoints(_ client: DAPTestClient, path: String, _ breakpoints: [[String: Any]]) async throws -> [[String: Any]] {
        let body = try await client.request("setBreakpoints", ["source": ["path": path], "breakpoints": breakpoints])
        return body["breakpoints"] as? [[String: Any]] ?? []
    }

    /// The line of `local vm = self.viewModel`, the first line of the login screen's render()
    /// (the showcase changes; the test follows it).
    static func renderLine(_ path: String) throws -> Int {
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "function screen:render()"))
        #expect(lines[start + 1] == "  local vm = self.viewModel")
        return start + 2
    }

    static func topFrame(_ client: DAPTestClient) async throws -> [String: Any] {
        let trace = try await client.request("stackTrace", ["threadId": 1])
        let frames = trace["stackFrames"] as? [[String: Any]] ?? []
        return try #require(frames.first)
    }

    @Test func aBreakpointInRenderStopsStepsAndSurvivesAReload() async throws {
        let session = try await Session.start()
        defer { session.end() }
        let first = try Self.renderLine(session.login)
        let client = try await session.attach()

        // `first` is `local vm = self.viewModel`, the first line of screen:render().
        let placed = try await Self.setBreakpoints(client, path: session.login, [["line": first]])
        #expect(placed.first?["verified"] as? Bool == true && placed.first?["line"] as? Int == first)
        _ = try await client.request("configurationDone")

        session.dev.send("type Account a")
        let stopped = try await client.event("stopped")
        #expect(stopped["reason"] as? String == "breakpoint")
        let threads = try await client.request("threads")
        #expect((threads["threads"] as? [[String: Any]])?.count == 1)
        let top = try await Self.topFrame(client)
        #expect((top["source"] as? [String: Any])?["path"] as? String == session.login)
        #expect(top["line"] as? Int == first)
        let frameID = try #require(top["id"] as? Int)

        // `self` through scopes and variables: the screen table, its title.
        let scopes = try #require((try await client.request("scopes", ["frameId": frameID]))["scopes"] as? [[String: Any]])
        let localsRef = try #require(scopes.first { $0["name"] as? String == "Locals" }?["variablesReference"] as? Int)
        let locals = try #require((try await client.request("variables", ["variablesReference": localsRef]))["variables"] as? [[String: Any]])
        let selfVariable = try #require(locals.first { $0["name"] as? String == "self" })
        let selfRef = try #require(selfVariable["variablesReference"] as? Int)
        #expect(selfRef > 0)
        let fields = try #require((try await client.request("variables", ["variablesReference": selfRef]))["variables"] as? [[String: Any]])
        let metatable = try #require(fields.first { $0["name"] as? String == "[metatable]" }?["variablesReference"] as? Int)
        let screenFields = try #require((try await client.request("variables", ["variablesReference": metatable]))["variables"] as? [[String: Any]])
        #expect(fields.contains { $0["name"] as? String == "viewModel" } || screenFields.contains { $0["name"] as? String == "__index" },
                "self: \(fields)")

        // Evaluate in the frame: locals and globals both visible.
        let evaluated = try await client.request("evaluate", ["expression": "self.title .. '!'", "frameId": frameID, "context": "repl"])
        #expect(evaluated["result"] as? String == "\"Login!\"")
        let hover = try await client.request("evaluate", ["expression": "type(self.viewModel)", "frameId": frameID, "context": "hover"])
        #expect(hover["result"] as? String == "\"table\"")

        // Step over: the next line of render. (While stopped, the app is paused as a whole.)
        _ = try await client.request("next", ["threadId": 1])
        let stepped = try await client.event("stopped")
        #expect(stepped["reason"] as? String == "step")
        #expect(try await Self.topFrame(client)["line"] as? Int == (first + 1))

        _ = try await client.request("continue", ["threadId": 1])
        _ = try await client.event("continued")

        // A saved edit reloads the screen, which renders again: the breakpoint binds to the new
        // render without being sent again. The edit empties the first line, so the breakpoint moves to
        // the next line, the next line with code, and the client is told.
        try session.editLogin {
            $0.replacingOccurrences(of: "Welcome to the Lunar showcase", with: "Welcome, debugger")
                .replacingOccurrences(of: "function screen:render()\n", with: "function screen:render()\n\n")
        }
        // Renders of the old code still queued stop at the first line first; the new render stops at the next line.
        while true {
            let stop = try await client.event("stopped")
            #expect(stop["reason"] as? String == "breakpoint")
            if try await Self.topFrame(client)["line"] as? Int == (first + 1) { break }
            _ = try await client.request("continue", ["threadId": 1])
        }
        let moved = try await client.event("breakpoint")
        let breakpoint = try #require(moved["breakpoint"] as? [String: Any])
        #expect(breakpoint["line"] as? Int == (first + 1) && breakpoint["verified"] as? Bool == true, "moved: \(moved)")
        let title = try await client.request("evaluate", ["expression": "self.title", "frameId": try #require(try await Self.topFrame(client)["id"] as? Int)])
        #expect(title["result"] as? String == "\"Login\"")

        // Without breakpoints the app goes on, running the new code.
        try await Self.setBreakpoints(client, path: session.login, [])
        _ = try await client.request("continue", ["threadId": 1])
        try await session.dev.waitForError("lunar: reloaded screens/login.lua\n")
        session.dev.send("snapshot")
        try await session.dev.waitForOutput("Text \"Welcome, debugger\"")

        // A save that does not compile reloads nothing: the old code runs on, and so do its breakpoints.
        try await Self.setBreakpoints(client, path: session.login, [["line": (first + 1)]])
        // (The failed reload shows its error over the screen, rendering the old code: it stops.)
        try session.editLogin { _ in "return {\n" }
        let kept = try await client.event("stopped")
        #expect(kept["reason"] as? String == "breakpoint")
        #expect(try await Self.topFrame(client)["line"] as? Int == (first + 1))
        _ = try await client.request("continue", ["threadId": 1])
        try await session.dev.waitForError("; the app keeps running\n")
        #expect(!client.hasUnseenEvent("breakpoint"))
        _ = try await client.request("disconnect")
    }

    @Test func conditionsLogpointsAndScriptErrors() async throws {
        let session = try await Session.start()
        defer { session.end() }
        let first = try Self.renderLine(session.login)
        let client = try await session.attach()

        // A condition that does not hold, and a logpoint on the next line: the log comes, no stop.
        try await Self.setBreakpoints(client, path: session.login, [
            ["line": first, "condition": "self.title == 'nope'"],
            ["line": (first + 1), "logMessage": "rendering {self.title} with {#self.viewModel.account:get()} characters"],
        ])
        session.dev.send("type Account ann")
        _ = try await client.event("output") { $0["output"] as? String == "rendering Login with 3 characters\n" }
        session.dev.send("snapshot")
        try await session.dev.waitForOutput("> snapshot\n")
        #expect(!client.hasUnseenEvent("stopped"))

        // The condition holds now; a hit condition lets the first hit go.
        try await Self.setBreakpoints(client, path: session.login, [["line": first, "condition": "self.title == 'Login'", "hitCondition": ">= 2"]])
        session.dev.send("type Account anna")
        session.dev.send("type Account annb")
        let stopped = try await client.event("stopped")
        #expect(stopped["reason"] as? String == "breakpoint")
        let value = try await client.request("evaluate", ["expression": "self.viewModel.account:get()", "frameId": try #require(try await Self.topFrame(client)["id"] as? Int)])
        #expect((value["result"] as? String)?.hasPrefix("\"ann") == true, "\(value)")
        try await Self.setBreakpoints(client, path: session.login, [])
        _ = try await client.request("continue", ["threadId": 1])

        // Break on a script error: render raises, the stop names the error and the user's line.
        _ = try await client.request("setExceptionBreakpoints", ["filters": ["uncaught"]])
        try session.editLogin {
            $0.replacingOccurrences(of: "function screen:render()\n  local vm = self.viewModel\n",
                                    with: "function screen:render()\n  local vm = self.viewModel.missing.field\n")
        }
        let failed = try await client.event("stopped")
        #expect(failed["reason"] as? String == "exception")
        #expect((failed["text"] as? String)?.contains("screens/login.lua:\(first):") == true, "\(failed)")
        let top = try await Self.topFrame(client)
        #expect(top["line"] as? Int == first)
        _ = try await client.request("continue", ["threadId": 1])
        try await session.dev.waitForError("lunar: script error: ")
    }

    /// Issue 30: the frames of a function stored in a table field and of a method are named as
    /// Lua's tracebacks name them (`field 'run'`, `method 'label'`), not `run` or `?`.
    @Test func stackFramesOfAFieldFunctionAndAMethodAreNamedAsInATraceback() async throws {
        let session = try await Session.start()
        defer { session.end() }
        try session.editLogin {
            $0.replacingOccurrences(of: "local screen = {", with: """
                local probe = { helpers = { run = function(title)
                  return title .. "?"
                end } }
                function probe:label(title)
                  local text = self.helpers.run(title)
                  return text
                end

                local screen = {
                """)
                .replacingOccurrences(of: "function screen:render()\n  local vm = self.viewModel\n",
                                      with: "function screen:render()\n  local vm = self.viewModel\n  probe:label(self.title)\n")
        }
        try await session.dev.waitForError("lunar: reloaded screens/login.lua\n")
        let lines = try String(contentsOfFile: session.login, encoding: .utf8).components(separatedBy: "\n")
        let inRun = try #require(lines.firstIndex(of: "  return title .. \"?\"")) + 1
        let client = try await session.attach()
        try await Self.setBreakpoints(client, path: session.login, [["line": inRun]])
        _ = try await client.request("configurationDone")

        session.dev.send("type Account a")
        _ = try await client.event("stopped")
        let trace = try await client.request("stackTrace", ["threadId": 1])
        let frames = try #require(trace["stackFrames"] as? [[String: Any]])
        let names = frames.map { $0["name"] as? String ?? "" }
        // The screen's render, which Lunar calls, is named by its module, as in a traceback.
        #expect(Array(names.prefix(3)) == ["field 'run'", "method 'label'", "function 'screens.login.render'"], "\(names)")
        #expect(frames.first?["line"] as? Int == inRun)
        #expect(!names.contains("?") && !names.contains(""), "\(names)")
        _ = try await client.request("disconnect")
    }

    @Test func garbageDropsTheClientAndItsBreakpointsAndTheAppGoesOn() async throws {
        let session = try await Session.start()
        defer { session.end() }
        let first = try Self.renderLine(session.login)
        let client = try await session.attach()
        try await Self.setBreakpoints(client, path: session.login, [["line": first]])
        // Framing that is not DAP: refused, logged, the client dropped.
        client.write(Data("hello there\r\n\r\n".utf8))
        try await client.waitUntilClosed()
        try await session.dev.waitForError("debugger: refused a malformed message")
        // The breakpoint went with it: typing renders without stopping, and the snapshot comes.
        session.dev.send("type Account zed")
        session.dev.send("snapshot")
        try await session.dev.waitForOutput("value=\"zed\"")

        // A new client can attach; a message that is not a request is refused and the session goes on.
        let second = try await session.attach()
        second.write(Data("Content-Length: 7\r\n\r\n[1,2,3]".utf8))
        _ = try await second.event("output") { ($0["output"] as? String)?.contains("refused") == true }
        let threads = try await second.request("threads")
        #expect((threads["threads"] as? [[String: Any]])?.isEmpty == false)
        // Pause with no Lua running stops the app as a whole; continue lets it go on.
        _ = try await second.request("pause", ["threadId": 1])
        let paused = try await second.event("stopped")
        #expect(paused["reason"] as? String == "pause")
        session.dev.send("snapshot")
        _ = try await second.request("continue", ["threadId": 1])
        try await session.dev.waitForOutput("> snapshot\n== Login ==", within: 30)
    }
}
