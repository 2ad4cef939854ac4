import Foundation
import LunarTestSupport
import Testing

/// What a bundle's text can do to the user's terminal and to the headless text: nothing. Titles,
/// element ids, error messages and `lunar check` problems carry control characters escaped, so
/// no line can be forged and no escape sequence reaches the terminal (issue 23, item 7).
@Suite struct OutputForgingTests {
    static let forgingScreen = #"""
        local ui = require("lunar.ui")
        return {
          title = "Home\n== Injected ==\27[31m\7",
          render = function()
            return ui.Column {
              ui.Text { id = "x\n== Injected ==\27]0;owned\7", text = "hi" },
              ui.Button { title = "Boom", onPress = function() error("bad\27[2J\7 news") end },
            }
          end,
        }
        """#

    @Test func headlessTextCannotBeForged() throws {
        let dir = try ToolsTests.bundle([
            "manifest.json": ToolsTests.manifest(),
            "screens/home.lua": Self.forgingScreen,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try LunarProcess.run(["run", dir.path], stdin: "tap Boom\n")
        #expect(run.status == 0, "\(run.err)")
        #expect(!run.out.contains("\u{1b}") && !run.out.contains("\u{7}"), "raw control bytes in \(run.out.debugDescription)")
        #expect(!run.out.split(separator: "\n").contains("== Injected =="), "a forged line in \(run.out)")
        #expect(run.out.contains(#"== Home\n== Injected ==\u{1b}[31m\u{7} =="#), "\(run.out)")
        #expect(run.out.contains(#"Text #x\n== Injected ==\u{1b}]0;owned\u{7} "hi""#), "\(run.out)")
        // The script error reaches standard error with its place, escaped.
        #expect(!run.err.contains("\u{1b}") && !run.err.contains("\u{7}"), "raw control bytes in \(run.err.debugDescription)")
        #expect(run.err.contains(#"screens/home.lua:7: bad\u{1b}[2J\u{7} news"#), "\(run.err)")
    }

    @Test func checkPrintsOneEscapedLineAProblem() throws {
        let dir = try ToolsTests.bundle([
            "manifest.json": ToolsTests.manifest(),
            "screens/home.lua": "local x = 1 \"\u{1b}[2J\"\n",
            "screens/a\u{1b}[2Jb\nc.lua": "return {\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let check = try LunarProcess.run(["check", dir.path])
        #expect(check.status != 0)
        #expect(!check.out.contains("\u{1b}"), "raw ESC in \(check.out.debugDescription)")
        #expect(check.out.contains(#"screens/home.lua:1: unexpected symbol near '"\u{1b}[2J"'"#), "\(check.out)")
        #expect(check.out.contains(#"screens/a\u{1b}[2Jb\nc.lua:2: "#), "\(check.out)")
    }

    @Test func execErrorsAreEscaped() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("main.lua")
        try #"error("x\27[31m\7y")"#.write(to: file, atomically: true, encoding: .utf8)
        let run = try LunarProcess.run(["exec", file.path])
        #expect(run.status != 0)
        #expect(!run.err.contains("\u{1b}") && !run.err.contains("\u{7}"), "\(run.err.debugDescription)")
        #expect(run.err.contains(#"main.lua:1: x\u{1b}[31m\u{7}y"#), "\(run.err)")
    }
}

/// Navigation from lifecycle methods through the real binary, headless and in `lunar test`: the
/// host used to die with SIGILL (issue 23, item 1).
@Suite struct NavigationCrashTests {
    static let files = [
        "manifest.json": BundleDirectory.manifest(routes: ["/home": "screens.home", "/b": "screens.b"]),
        "screens/home.lua": """
            local ui = require("lunar.ui")
            local nav = require("lunar.navigator")
            local visits = 0
            return {
              title = "Home",
              willAppear = function() visits = visits + 1; if visits == 2 then nav.push("/b") end end,
              render = function() return ui.Button { title = "Go", onPress = function() nav.push("/b") end } end,
            }
            """,
        "screens/b.lua": """
            local ui = require("lunar.ui")
            local nav = require("lunar.navigator")
            local left = false
            return {
              title = "B",
              willDisappear = function() if not left then left = true; nav.pop() end end,
              render = function() return ui.Text("b") end,
            }
            """,
        "spec/nav_spec.lua": """
            describe("navigation in lifecycle methods", function()
              it("survives going back", function()
                app.tap("Go")
                app.back()
                expect(app.title()).toBe("B")
              end)
            end)
            """,
    ]

    @Test func headlessRunAndSpecsSurvive() throws {
        let dir = try BundleDirectory(prefix: "lunar-cli", files: Self.files)
        defer { dir.remove() }
        let run = try LunarProcess.run(["run", dir.root.path], stdin: "tap Go\nback\n")
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.hasSuffix("> back\n== B ==\nText \"b\"\n"), "\(run.out)")
        let specs = try LunarProcess.run(["test", dir.root.path])
        #expect(specs.status == 0, "\(specs.out)\(specs.err)")
        #expect(specs.out.contains("1 passed, 0 failed"), "\(specs.out)")
    }
}
