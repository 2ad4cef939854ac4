import Foundation
import LunarTestSupport
import Testing

/// Drives the real terminal UI (TerminalDemo, curses and all) inside tmux and checks what a
/// person would see.
@Suite struct TerminalDemoTests {
    /// TerminalDemo is built beside the test bundle.
    private static let demo = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("TerminalDemo")

    private static func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }

    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func loginPushBackResizeAndQuit() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.demo.path),
            "TerminalDemo not found at \(Self.demo.path); build with `swift build --build-tests`")
        let logURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("lunar-terminal-demo-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log")
        defer { try? FileManager.default.removeItem(at: logURL) }

        let tmux = try TmuxSession(
            ["/usr/bin/env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", Self.demo.path, logURL.path], width: 80, height: 24)
        defer { tmux.kill() }

        var screen = try await tmux.waitForScreen("the login screen") { $0.contains("  Welcome to Lunar") }
        #expect(screen.count == 24)
        #expect(screen[0] == Self.spaces(37) + "Login", "the title is centred, with no back hint")
        #expect(screen.contains { $0.hasPrefix("> [Account") }, "the account field has focus at launch")
        #expect(screen[23] == " Tab next · Enter submit · Esc leave field · Ctrl-C quit")

        // q is typed, not a quit: the field has focus.
        try tmux.type("qbobby12345")
        screen = try await tmux.waitForScreen("typed text") { $0.contains { $0.hasPrefix("> [qbobby12") } }
        #expect(!screen.joined().contains("qbobby123"), "maxLength 8 drops the rest")
        try tmux.press("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try tmux.type("bobby123")
        screen = try await tmux.waitForScreen("retyped text") { $0.contains { $0.hasPrefix("> [bobby123") } }

        try tmux.press("BSpace", "BSpace", "BSpace")
        try tmux.type("é")
        try await tmux.waitForScreen("edited text") { $0.contains { $0.hasPrefix("> [bobbyé ") } }

        try tmux.press("Tab")
        try tmux.type("pw")
        screen = try await tmux.waitForScreen("the secure field") { $0.contains { $0.hasPrefix("> [** ") } }
        #expect(screen.contains { $0.hasPrefix("  [bobbyé ") }, "the focus marker moved off the account field")

        try tmux.press("Tab")
        try await tmux.waitForScreen("focus on the button") { $0.contains("> [ Log in ]") }
        try tmux.press("Enter")
        screen = try await tmux.waitForScreen("the profile screen") { $0[0].contains("Profile") }
        #expect(screen[0] == " ← Esc" + Self.spaces(30) + "Profile", "a back hint once there is a screen beneath")
        #expect(screen[1] == "  Signed in as bobbyé")

        try tmux.press("Escape")
        screen = try await tmux.waitForScreen("the login screen again") { $0[0].contains("Login") }
        #expect(screen.contains { $0.hasPrefix("  [bobbyé ") }, "the login screen kept its text")
        #expect(screen.contains("> [ Log in ]"), "and its focus")

        try tmux.resize(width: 60, height: 20)
        screen = try await tmux.waitForScreen("a redraw at 60×20") { $0.count == 20 && $0[0] == Self.spaces(27) + "Login" }
        #expect(screen[19] == " Tab move · Enter press · q quit")
        #expect(screen.contains("> [ Log in ]"))

        try tmux.type("q")
        // The demo writes its log before it exits, and the session ends with it.
        try await tmux.waitForExit("the demo to quit")
        let log = try String(contentsOf: logURL, encoding: .utf8).split(separator: "\n").map(String.init)
        let typedQ = ["q", "qb", "qbo", "qbob", "qbobb", "qbobby", "qbobby1", "qbobby12",
                      "qbobby1", "qbobby", "qbobb", "qbob", "qbo", "qb", "q", ""]
        #expect(log == [
            "started",
        ] + typedQ.map { "change s1 #account \"\($0)\"" } + [
            "change s1 #account \"b\"",
            "change s1 #account \"bo\"",
            "change s1 #account \"bob\"",
            "change s1 #account \"bobb\"",
            "change s1 #account \"bobby\"",
            "change s1 #account \"bobby1\"",
            "change s1 #account \"bobby12\"",
            "change s1 #account \"bobby123\"",
            "change s1 #account \"bobby12\"",
            "change s1 #account \"bobby1\"",
            "change s1 #account \"bobby\"",
            "change s1 #account \"bobbyé\"",
            "change s1 #password \"p\"",
            "change s1 #password \"pw\"",
            "press s1 #login",
            "back s2",
            "quit",
        ])
    }

    /// NO_COLOR (no-color.org): set and not empty, the UI shows no colour, only attributes;
    /// unset, the same terminal shows colours.
    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func noColorLeavesOnlyAttributes() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.demo.path))
        let log = FileManager.default.temporaryDirectory
            .appendingPathComponent("lunar-terminal-demo-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var colourCodes: [String: Set<Int>] = [:]
        for noColor in ["", "1"] {
            let tmux = try TmuxSession(
                ["/usr/bin/env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TERM=xterm-256color", "NO_COLOR=\(noColor)", Self.demo.path, log.path],
                width: 80, height: 24)
            defer { tmux.kill() }
            try await tmux.waitForScreen("the login screen") { $0.contains("  Welcome to Lunar") }
            colourCodes[noColor] = Self.colourParameters(in: try tmux.captureWithAttributes())
        }
        #expect(!(colourCodes[""] ?? []).isEmpty, "without NO_COLOR the title bar and focus are coloured")
        #expect(colourCodes["1"] == [], "NO_COLOR=1: no colour at all")
    }

    /// A styled screen in a real terminal: the header bar's background, the card's rounded
    /// border, the two columns side by side; with NO_COLOR the same boxes and no colour.
    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func styledScreenShowsAsIntended() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.demo.path))
        let log = FileManager.default.temporaryDirectory
            .appendingPathComponent("lunar-terminal-demo-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let card = Self.spaces(3) + "╭" + String(repeating: "─", count: 73) + "╮"
        for noColor in ["", "1"] {
            let tmux = try TmuxSession(
                ["/usr/bin/env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TERM=xterm-256color", "NO_COLOR=\(noColor)",
                 Self.demo.path, log.path, "styled"],
                width: 80, height: 24)
            defer { tmux.kill() }
            let screen = try await tmux.waitForScreen("the styled screen") { $0.contains { $0.contains("Card title") } }
            #expect(Array(screen[1...8]) == [
                "   Lunar",
                "",
                card,
                "   │ Card title" + Self.spaces(62) + "│",
                "   │ A bordered card" + Self.spaces(57) + "│",
                Self.spaces(3) + "╰" + String(repeating: "─", count: 73) + "╯",
                "  Left" + Self.spaces(35) + "Right",     // 77 columns: halves of 38.5, the edge rounded up
                "  column" + Self.spaces(33) + "column",
            ], "NO_COLOR=\(noColor): the layout and the borders stay")
            let colours = Self.colourParameters(in: try tmux.captureWithAttributes())
            if noColor.isEmpty {
                #expect(colours.contains(48), "the header bar's background in the 256-colour palette (48;5;n)")
                #expect(colours.contains(38), "the header's white text and the grey border (38;5;n)")
            } else {
                #expect(colours.isEmpty, "NO_COLOR=1: no colour at all")
            }
        }
    }

    /// The SGR parameters that set a colour (30–38, 40–48, 90–97, 100–107) in `text`.
    private static func colourParameters(in text: String) -> Set<Int> {
        var found: Set<Int> = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { $0.isLetter }) else { break }
            if rest[end] == "m" {
                for parameter in rest[..<end].split(separator: ";").compactMap({ Int($0) })
                where (30...38).contains(parameter) || (40...48).contains(parameter)
                    || (90...97).contains(parameter) || (100...107).contains(parameter) {
                    found.insert(parameter)
                }
            }
            rest = rest[end...]
        }
        return found
    }
}
