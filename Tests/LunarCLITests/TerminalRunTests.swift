import Foundation
import LunarTestSupport
import Testing

/// `lunar run` on a real terminal (tmux), driven with keys as a person would.
@Suite(.serialized) struct TerminalRunTests {
    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func theShowcaseRunsInTheTerminalUI() async throws {
        let storage = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: storage) }
        let tmux = try TmuxSession(
            ["env", "LUNAR_STORAGE_DIR=\(storage.path)", LunarProcess.binary.path, "run", RunTests.showcase.path],
            width: 80, height: 24)
        defer { tmux.kill() }
        try await tmux.waitForScreen("the login screen") { $0.contains { $0.contains("Login") } && $0.contains { $0.contains("[ Log in ]") } }
        // The first field has focus at launch: a name starting with q is typed, not a quit.
        try tmux.type("qa")
        try await tmux.waitForScreen("the typed name") { $0.contains { $0.hasPrefix(">") && $0.contains("[qa ") } }
        try tmux.press("BSpace", "BSpace")
        try tmux.type("ann")
        try tmux.press("Tab")
        try tmux.type("secret1")
        try await tmux.waitForScreen("the typed password") { $0.contains { $0.contains("*******") } }
        try tmux.press("Tab")
        try tmux.press("Enter")
        // The login request goes to the mock API; the list arrives from it.
        let list = try await tmux.waitForScreen("the sample list") { screen in
            screen.contains { $0.contains("Sample list") } && screen.contains { $0.contains("Signals") }
        }
        #expect(list.contains { $0.contains("Router") })
        try tmux.press("Escape")
        try await tmux.waitForScreen("back on the login screen") { $0.contains { $0.contains("Welcome back") } }
        try tmux.resize(width: 60, height: 20)
        try await tmux.waitForScreen("a redraw at 60 columns") { screen in
            screen.contains { $0.contains("Login") } && screen.allSatisfy { $0.count <= 60 }
        }
    }
}
