import Foundation
import LunarTestSupport
import Testing

extension ShowcaseDebuggingTests {
    /// Issue 30: a `lunar.log` record names the script's line everywhere: on standard error
    /// (its source) and in the debug console, whose output event carries the file and line.
    @Test func aLogLineNamesTheScriptLineOnStandardErrorAndInTheDebugConsole() async throws {
        let session = try await Session.start()
        defer { session.end() }
        // The line after `function screen:render()`, where the log call goes.
        let line = try Self.renderLine(session.login)
        let client = try await session.attach()
        try session.editLogin {
            $0.replacingOccurrences(of: "function screen:render()\n",
                                    with: "function screen:render()\n  require(\"lunar.log\").info(\"rendering login\")\n")
        }
        try await session.dev.waitForError("[screens/login.lua:\(line)] rendering login\n")
        let output = try await client.event("output") { $0["output"] as? String == "[info] rendering login\n" }
        #expect(output["category"] as? String == "console")
        #expect(output["line"] as? Int == line)
        let source = try #require(output["source"] as? [String: Any])
        #expect(source["name"] as? String == "screens/login.lua")
        let path = try #require(source["path"] as? String)
        #expect(URL(fileURLWithPath: path).resolvingSymlinksInPath() == URL(fileURLWithPath: session.login).resolvingSymlinksInPath())
        _ = try await client.request("disconnect")
    }
}
