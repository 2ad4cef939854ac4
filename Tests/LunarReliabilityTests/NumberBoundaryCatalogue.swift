import Foundation
import LunarTestSupport
import Testing

/// The fault catalogue: numbers no conversion can hold (issue 28, section 1, the script side).
///
/// Each case is a number a script supplies, finite and accepted by the checks before issue 28,
/// that a Swift conversion could not hold (`Int(1e300)`, a wait of 1e10 s in nanoseconds): each
/// killed the `lunar` process (SIGILL). Every case runs the real binary: `lunar exec`, the
/// headless `lunar run`, or the terminal UI in tmux. The process must live and report the
/// refusal at the script's `file:line` (docs/lua/numbers.md has the ranges); where
/// clamping is the documented meaning (a scroll offset past the content), it must clamp.
@Suite(.timeLimit(.minutes(2))) struct NumberBoundaryCatalogue {
    struct Case: Sendable, CustomTestStringConvertible {
        /// Where the number goes in.
        enum Place: Sendable {
            /// `lunar exec main.lua`: the code runs in a function under `pcall`, whose error the
            /// script prints before printing `alive`.
            case exec
            /// The headless `lunar run`: an element in the home screen's rendered column; then
            /// `snapshot frames`, as the adversarial run did.
            case render
            /// The headless `lunar run`: a statement in the home screen's module chunk.
            case module
        }

        let name: String
        let place: Place
        /// The code with the number; ends up on the line ``NumberBoundaryCatalogue/marker`` is on.
        let code: String
        /// What the report says after `file:line: `; nil: nothing is refused (clamped or valid).
        let refusal: String?
        /// The report names the line of `render` (a style is checked as the rendered tree is
        /// read, and the message names the element's place in it), not the element's own line.
        var atRender = false
        /// Headless commands that reach the number, after the first render.
        var commands: [String] = []
        var testDescription: String { name }
    }

    static let marker = "--[[number]]"

    static let cases: [Case] = [
        // Durations: NSCondition.wait(until:) trapped converting the deadline to nanoseconds.
        Case(name: "timer.after(1e10)", place: .exec, code: "timer.after(1e10, function() end)",
             refusal: "bad argument #1 to 'timer.after' (seconds must be a number between 0 and 31536000 (a year), got 10000000000)"),
        Case(name: "timer.every(1e300)", place: .exec, code: "timer.every(1e300, function() end)",
             refusal: "bad argument #1 to 'timer.every' (seconds must be a number above 0 and at most 31536000 (a year), got 1e+300)"),
        Case(name: "signal.interval(1e300)", place: .exec, code: "signal.interval(1e300):subscribe(function() end)",
             refusal: "bad argument #1 to 'signal.interval' (seconds must be a number above 0 and at most 31536000 (a year), got 1e+300)"),
        Case(name: "signal:delay(1e300)", place: .exec, code: "signal.of(1):delay(1e300):subscribe(function() end)",
             refusal: "bad argument #1 to 'Signal:delay' (seconds must be a number between 0 and 31536000 (a year), got 1e+300)"),
        // Byte counts and timeouts: Int(2^63) trapped; a timeout of 1e16 s trapped in URLSession.
        Case(name: "net.config { maxBodySize = 2^63 }", place: .exec, code: "net.config { maxBodySize = 2^63 }",
             refusal: "bad argument #1 to 'net.config' (field 'maxBodySize' must be a whole number between 1 and 2147483647, got 9.2233720368548e+18)"),
        Case(name: "net.config { timeout = 1e16 }", place: .exec, code: "net.config { timeout = 1e16 }",
             refusal: "bad argument #1 to 'net.config' (field 'timeout' must be a number above 0 and at most 31536000 (a year), got 1e+16)"),
        Case(name: "a request timeout of 1e16", place: .exec,
             code: #"net.send(net.request { url = "http://127.0.0.1:9/", timeout = 1e16 }, function() end)"#,
             refusal: "bad argument #1 to 'net.request' (field 'timeout' must be a number above 0 and at most 31536000 (a year), got 1e+16)"),
        Case(name: "a request maxBodySize of 2^63", place: .exec,
             code: #"net.send(net.request { url = "http://127.0.0.1:9/", maxBodySize = 2^63 }, function() end)"#,
             refusal: "bad argument #1 to 'net.request' (field 'maxBodySize' must be a whole number between 1 and 2147483647, got 9.2233720368548e+18)"),
        // Layout from Lua: a scale of 1e308 gave NaN frames; sizes share the bound of lengths.
        Case(name: "layout.compute scale = 1e308", place: .exec, code: "layout.compute({}, { width = 100, scale = 1e308 })",
             refusal: "bad argument #2 to 'layout.compute' (option 'scale' must be at most 1000, got 1e+308)"),
        Case(name: "layout.compute width option 1e300", place: .exec, code: "layout.compute({}, { width = 1e300 })",
             refusal: "bad argument #2 to 'layout.compute' (option 'width' must be at most 1000000000, got 1e+300)"),
        Case(name: "layout.compute style width = 1e300", place: .exec, code: "layout.compute({ style = { width = 1e300 } })",
             refusal: "bad argument #1 to 'layout.compute' (node.style.width must be within ±1e9, got 1e+300)"),
        // Virtualized lists: ListWindow.rows trapped on Int(1e308 / 44) and Int(x / 1e-300).
        Case(name: "ui.List drawDistance = 1e308", place: .render,
             code: #"ui.List { id = "feed", items = ITEMS, key = "id", row = ROW, drawDistance = 1e308 },"#,
             refusal: "ui.List: 'drawDistance' must be a number between 0 and 1000000000, got 1e+308"),
        Case(name: "ui.List initialNumToRender = 2^63", place: .render,
             code: #"ui.List { id = "feed", items = ITEMS, key = "id", row = ROW, initialNumToRender = 2^63 },"#,
             refusal: "ui.List: 'initialNumToRender' must be a whole number between 1 and 2147483647, got 9.2233720368548e+18"),
        // A positive size is valid, however small: every row is in view, and nothing traps.
        Case(name: "ui.List estimatedItemSize = 1e-300", place: .render,
             code: #"ui.List { id = "feed", items = ITEMS, key = "id", row = ROW, estimatedItemSize = 1e-300 },"#,
             refusal: nil),
        // Styles: Int(1e300) in the weight check; lengths of 1e300 in every renderer's conversions.
        Case(name: "fontWeight = 1e300", place: .render, code: #"ui.Text { "x", style = { fontWeight = 1e300 } },"#,
             refusal: #"style.fontWeight must be "normal", "bold" or a weight from 100 to 900, got 1e+300"#, atRender: true),
        Case(name: "fontWeight = 2^63", place: .render, code: #"ui.Text { "x", style = { fontWeight = 2^63 } },"#,
             refusal: #"style.fontWeight must be "normal", "bold" or a weight from 100 to 900, got 9.223372036854776e+18"#, atRender: true),
        Case(name: "fontWeight = 1e300 in ui.styles", place: .module, code: "local s = ui.styles { title = { fontWeight = 1e300 } }",
             refusal: #"bad argument #1 to 'ui.styles' (styles.title.fontWeight must be "normal", "bold" or a weight from 100 to 900, got 1e+300)"#),
        Case(name: "width = 1e300", place: .render, code: #"ui.Text { "x", style = { width = 1e300 } },"#,
             refusal: "style.width must be within ±1e9, got 1e+300", atRender: true),
        Case(name: #"width = "1e300%""#, place: .render, code: #"ui.Text { "x", style = { width = "1e300%" } },"#,
             refusal: #"style.width must be within ±1e9, got "1e300%""#, atRender: true),
        Case(name: "margin = -1e300", place: .render, code: #"ui.Text { "x", style = { margin = -1e300 } },"#,
             refusal: "style.margin must be within ±1e9, got -1e+300", atRender: true),
        Case(name: "flex = 1e300", place: .render, code: #"ui.Text { "x", style = { flex = 1e300 } },"#,
             refusal: "style.flex must be within ±1e9, got 1e+300", atRender: true),
        Case(name: "numberOfLines = 2^62", place: .render, code: #"ui.Text { "x", style = { numberOfLines = 2^62 } },"#,
             refusal: "style.numberOfLines must be a whole number from 0 to 2147483647, got 4.611686018427388e+18", atRender: true),
        Case(name: "aspectRatio = 1e-300", place: .render, code: #"ui.Text { "x", style = { aspectRatio = 1e-300 } },"#,
             refusal: #"style.aspectRatio must be a number > 0 or a ratio such as "16/9", got 1e-300"#, atRender: true),
        // A style value bound to a signal is checked by the same rule when the signal changes.
        Case(name: "a style signal set to 1e300", place: .render,
             code: #"ui.Text { "x", style = { width = WIDTH } }, ui.Button { title = "Fire", onPress = function() WIDTH:set(1e300) end },"#,
             refusal: "a style signal of screens.home, element at 2: style.width must be within ±1e9, got 1e+300", commands: ["tap Fire"]),
        // Scroll offsets past the content clamp (the documented meaning); nothing is refused.
        Case(name: "ui.scrollTo a List to y = 1e300 (headless)", place: .render,
             code: #"ui.List { id = "feed", items = ITEMS, key = "id", row = ROW, onScroll = SCROLL },"#, refusal: nil),
    ]

    /// The home screen of a `.render` or `.module` case, with the case's code on its own line.
    static func homeScreen(_ item: Case) -> String {
        let element = item.place == .render ? item.code + " " + marker : ""
        let top = item.place == .module ? item.code + " " + marker : ""
        return """
        local ui = require("lunar.ui")
        local timer = require("lunar.timer")
        local signal = require("lunar.signal")
        local WIDTH = signal.value(10)
        \(top)
        local ITEMS = {}
        for i = 1, 50 do ITEMS[i] = { id = i } end
        local function ROW(item) return ui.Text("row " .. item.id) end
        local function ROWS()
          local rows = {}
          for i = 1, 50 do rows[i] = ui.Text("row " .. i) end
          return rows
        end
        local function SCROLL() end
        local screen = { title = "Home" }
        \(item.code.contains("SCROLL") ? scroller : "")
        function screen:render()
          return ui.Column {
            ui.Text("home"),
            \(element)
          }
        end
        return screen
        """
    }

    /// Scrolls `feed` to 1e300 points once the screen is shown (a timer: the scroll needs the
    /// rendered node).
    static let scroller = """
        local scrolled = false
        function screen:didAppear()
          if scrolled then return end
          scrolled = true
          timer.after(0, function() ui.scrollTo("feed", { y = 1e300 }) end)
        end
        """

    /// A second screen whose button counts taps: reaching it and tapping proves the app works.
    static let probeScreen = """
        local ui = require("lunar.ui")
        local screen = { title = "Probe", taps = 0 }
        function screen:render()
          return ui.Column {
            ui.Text("taps " .. self.taps),
            ui.Button { title = "Bump", onPress = function() self.taps = self.taps + 1 end },
          }
        end
        return screen
        """

    @Test(arguments: cases)
    func theHostLivesAndReportsTheNumberAtItsLine(_ item: Case) async throws {
        switch item.place {
        case .exec: try await runExec(item)
        case .render, .module: try await runHeadless(item)
        }
    }

    /// The terminal UI's cases: its first render of a huge length, and `ui.scrollTo` past the
    /// content of a List (TerminalRenderer's row arithmetic) and of a ScrollView (its cell offset
    /// and ContentPainter's clamp), each of which trapped.
    static let terminalCases: [Case] = [
        Case(name: "width = 1e300 at the terminal's first render", place: .render,
             code: #"ui.Text { "x", style = { width = 1e300 } },"#, refusal: "style.width must be within ±1e9", atRender: true),
        Case(name: "ui.List drawDistance = 1e308 in the terminal", place: .render,
             code: #"ui.List { id = "feed", items = ITEMS, key = "id", row = ROW, drawDistance = 1e308 },"#,
             refusal: "ui.List: 'drawDistance' must be a number between 0 and 1000000000"),
        Case(name: "ui.scrollTo a List to y = 1e300", place: .render,
             code: #"ui.List { id = "feed", items = ITEMS, key = "id", row = ROW, onScroll = SCROLL },"#, refusal: nil),
        Case(name: "ui.List estimatedItemSize = 1e-300 in the terminal, scrolled to y = 1e300", place: .render,
             code: #"ui.List { id = "feed", items = ITEMS, key = "id", row = ROW, estimatedItemSize = 1e-300, onScroll = SCROLL },"#,
             refusal: nil),
        Case(name: "ui.scrollTo a ScrollView to y = 1e300", place: .render,
             code: #"ui.ScrollView { id = "feed", onScroll = SCROLL, style = { height = 100 }, ui.Column(ROWS()) },"#, refusal: nil),
    ]

    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"), arguments: terminalCases)
    func theTerminalUILives(_ item: Case) async throws {
        let home = Self.homeScreen(item)
        let bundle = try BundleDirectory(prefix: "lunar-numbers", files: [
            "manifest.json": BundleDirectory.manifest(name: "numbers"),
            "screens/home.lua": home,
        ])
        defer { bundle.remove() }
        let tmux = try TmuxSession(["/usr/bin/env", "LANG=C.UTF-8", LiveProcess.binary.path, "run", bundle.root.path, "--no-mock-api"],
                                   width: 100, height: 16)
        defer { tmux.kill() }
        if let refusal = item.refusal {
            let line = item.atRender ? home.lineNumber(of: "function screen:render()")! : home.lineNumber(of: Self.marker)!
            try await tmux.waitForScreen("the refusal at screens/home.lua:\(line)") { screen in
                let text = screen.joined(separator: " ")
                return text.contains(refusal) && text.contains("screens/home.lua:\(line)")
            }
        } else {
            // Scrolled to the end (clamped), and still drawing.
            try await tmux.waitForScreen("the last row, scrolled to") { screen in screen.contains { $0.contains("row 50") } }
        }
        // Still alive: it quits when asked, as a live terminal UI does.
        try tmux.press("C-c")
    }

    func runExec(_ item: Case) async throws {
        let script = """
            local timer = require("lunar.timer")
            local signal = require("lunar.signal")
            local net = require("lunar.net")
            local layout = require("lunar.layout")
            local ok, err = pcall(function()
              \(item.code) \(Self.marker)
            end)
            print(ok and "accepted" or err)
            print("alive")
            """
        let directory = try makeTemporaryDirectory("lunar-numbers")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("main.lua")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let process = try LiveProcess(["exec", file.path])
        let status = try await process.finish()
        let line = script.lineNumber(of: Self.marker)!
        #expect(status == 0, "exit status \(status) (4 is SIGILL); stderr: \(process.standardError)")
        #expect(process.standardOutput.hasSuffix("alive\n"), "stdout: \(process.standardOutput)")
        if let refusal = item.refusal {
            #expect(process.standardOutput.contains("main.lua:\(line): \(refusal)"),
                    "expected 'main.lua:\(line): \(refusal)' in \(process.standardOutput)")
        }
    }

    func runHeadless(_ item: Case) async throws {
        let home = Self.homeScreen(item)
        let bundle = try BundleDirectory(prefix: "lunar-numbers", files: [
            "manifest.json": BundleDirectory.manifest(name: "numbers", routes: ["/home": "screens.home", "/probe": "screens.probe"]),
            "screens/home.lua": home,
            "screens/probe.lua": Self.probeScreen,
        ])
        defer { bundle.remove() }
        let process = try LiveProcess(["run", bundle.root.path, "--headless", "--no-mock-api"])
        for command in ["snapshot frames"] + item.commands + ["wait", "snapshot frames", "open /navPush/probe", "tap Bump", "snapshot"] {
            process.send(command)
        }
        let status = try await process.finish()
        let line = item.atRender ? home.lineNumber(of: "function screen:render()")! : home.lineNumber(of: Self.marker)!
        #expect(status == 0, "exit status \(status) (4 is SIGILL); stderr: \(process.standardError)")
        // The app still works: the probe opened and counted the tap.
        #expect(process.standardOutput.contains(#"Text "taps 1""#), "stdout: \(process.standardOutput)")
        if let refusal = item.refusal {
            let report = "lunar: script error: screens/home.lua:\(line): "
            #expect(process.standardError.contains(report) && process.standardError.contains(refusal),
                    "expected '\(report)… \(refusal)' in \(process.standardError)")
        } else {
            #expect(!process.standardError.contains("script error"), "stderr: \(process.standardError)")
            let shown = item.code.contains("SCROLL") ? #"Text "row 50""# : #"Text "row 1""#
            #expect(process.standardOutput.contains(shown), "stdout: \(process.standardOutput)")
        }
    }
}
