import Foundation
import LunarDevServer
import LunarTestSupport
import Testing

/// `lunar dev` and `lunar run http://…` in the terminal UI, on a real terminal (tmux), through
/// the real binary: what a person at a terminal sees of reloads.
@Suite(.serialized, .timeLimit(.minutes(2))) struct TerminalDevTests {
    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func aDevServersURLRunsInTheTerminalUIAndShowsItsReloads() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let cache = RemoteBundleTests.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let source = ManualChangeSource()
        try await withDevServer(bundle, changes: source) { server, _ in
            // What `lunar dev` prints as the attach hint, on a terminal.
            let tmux = try TmuxSession(
                ["/usr/bin/env", "LANG=C.UTF-8", LiveProcess.binary.path, "run", server.url.absoluteString, "--cache-directory", cache.path],
                width: 80, height: 12)
            defer { tmux.kill() }
            try await tmux.waitForScreen("the app in the terminal UI, not headless text") { screen in
                screen.contains { $0.hasPrefix("  Hello v1") } && screen.last?.hasSuffix("q quit") == true
            }
            try bundle.write("screens/home.lua", TemporaryBundle.homeScreen("Hello v2"))
            source.send(["screens/home.lua"])
            try await tmux.waitForScreen("the change, and what reloaded on the status line") { screen in
                screen.contains { $0.hasPrefix("  Hello v2") } && screen.last == " reloaded screens/home.lua"
            }
        }
    }

    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func devShowsReloadsAndFailuresOnTheStatusLineAndInTheLog() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        // The UI's log file goes to the temporary directory: this test's own.
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-tui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let tmux = try TmuxSession(
            ["/usr/bin/env", "LANG=C.UTF-8", "TMPDIR=\(temporary.path)", LiveProcess.binary.path, "dev", bundle.root.path, "--port", "0"],
            width: 100, height: 12)
        defer { tmux.kill() }
        try await tmux.waitForScreen("the app") { $0.contains { $0.hasPrefix("  Hello v1") } }

        try bundle.write("screens/home.lua", TemporaryBundle.homeScreen("Hello v2"))
        try await tmux.waitForScreen("a reload on the status line") { screen in
            screen.contains { $0.hasPrefix("  Hello v2") } && screen.last == " reloaded screens/home.lua"
        }
        try bundle.write("screens/home.lua", "return {\n")
        let failed = try await tmux.waitForScreen("a failed reload on the status line") { screen in
            screen.last?.hasPrefix(" reload failed: screens/home.lua:2: ") == true
        }
        #expect(failed.contains { $0.contains("screens/home.lua:2") }, "the overlay says where, too")

        // Quit: the log is complete once the UI has exited, and the session ends with it.
        try tmux.type("q")
        try await tmux.waitForExit("lunar dev to quit")
        let log = Self.logs(in: temporary)
        #expect(log.contains("reload failed: screens/home.lua:2: "))
        #expect(log.contains("serving demo at http://127.0.0.1:"), "the attach hint curses hides is in the log")
        #expect(log.contains("reloaded screens/home.lua"))
        #expect(log.contains("error lunar.session"), "a failure is logged as an error: \(log)")
    }

    /// The UI's log files (`lunar-PID.log` in `directory`), read once the UI has quit.
    private static func logs(in directory: URL) -> String {
        let logs = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter { $0.hasPrefix("lunar-") && $0.hasSuffix(".log") } ?? []
        return logs.compactMap { try? String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }.joined()
    }
}
