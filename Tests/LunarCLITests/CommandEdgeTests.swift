import Foundation
import LunarTestSupport
import Testing

/// The command line's edges a new user meets first (issue 22).
@Suite struct CommandEdgeTests {
    @Test func versionNamesTheReleaseAndTheBridgeAPI() throws {
        let run = try LunarProcess.run(["--version"])
        #expect(run.status == 0)
        let line = run.out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.range(of: #"^lunar \d+\.\d+\.\d+ \(bridge API [0-9a-f]{16}\)$"#, options: .regularExpression) != nil, "\(line)")
    }

    @Test func aMistypedSubcommandGetsASuggestion() throws {
        let typo = try LunarProcess.run(["rnu", "Examples/Showcase"])
        #expect(typo.status == 64)
        #expect(typo.err == "lunar: unknown subcommand 'rnu' (did you mean 'run'?); `lunar --help` lists them\n")
        let unknown = try LunarProcess.run(["frobnicate"])
        #expect(unknown.err == "lunar: unknown subcommand 'frobnicate'; `lunar --help` lists them\n")
    }

    @Test(arguments: [["test", ToolsTests.showcase.path], ["test", ToolsTests.showcase.path, "--format", "tap"],
                      ["check", ToolsTests.showcase.path]])
    func aReaderThatClosesTheOutputEarlyDoesNotCrashTheCommand(_ arguments: [String]) throws {
        // `lunar test | head -1`: the pipe closes before or while the report is written (TAP
        // writes its header first, before any socket is open).
        let p = Process()
        p.executableURL = LunarProcess.binary
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        try out.fileHandleForReading.close()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit)
        #expect(p.terminationStatus == 0, "\(String(decoding: e, as: UTF8.self))")
    }

    @Test func aHeadlessCommandErrorSaysItsLineOnce() throws {
        let run = try LunarProcess.run(["run", ToolsTests.showcase.path, "--no-mock-api"], stdin: "open /nowhere\n")
        #expect(run.err.contains("lunar: line 1: open /nowhere: no route matches\n"), "\(run.err)")
    }
}

/// Matchers read as in Jest (`expect(x).toBe(y)`) or with a colon, and fail at the spec's line.
@Suite struct MatcherSyntaxTests {
    @Test func dotAndColonBothWorkAndFailAtTheirLine() throws {
        let dir = try BundleDirectory(prefix: "lunar-cli", files: [
            "manifest.json": BundleDirectory.manifest(),
            "screens/home.lua": "local ui = require('lunar.ui') return { title = 'Home', render = function() return ui.Text('hi') end }",
            "spec/syntax_spec.lua": """
                describe("matchers", function()
                  it("pass either way", function()
                    expect(app.title()).toBe("Home")
                    expect(app.title()):toBe("Home")
                    expect(1).never.toBe(2)
                  end)
                  it("fails with a dot", function()
                    expect(1).toBe(2)
                  end)
                end)
                """,
        ])
        defer { dir.remove() }
        let run = try LunarProcess.run(["test", dir.root.path])
        #expect(run.status == 1)
        #expect(run.out.contains("✓ pass either way"), "\(run.out)")
        #expect(run.out.contains("spec/syntax_spec.lua:8: expected 1 to be 2"), "\(run.out)")
        #expect(run.out.contains("1 passed, 1 failed"), "\(run.out)")
    }
}

/// Missing paths get one `lunar:` line and a failure, not a platform error dump or a silent success.
@Suite struct MissingPathTests {
    @Test func execOfAMissingFileSaysSo() throws {
        let run = try LunarProcess.run(["exec", "/nonexistent/nope.lua"])
        #expect(run.status == 1)
        #expect(run.err == "lunar: cannot read /nonexistent/nope.lua: no such readable file\n", "\(run.err)")
    }

    @Test func typesForAMissingDirectoryFailsAndWritesNothing() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try LunarProcess.run(["types", "nope"], cwd: dir)
        #expect(run.status == 1)
        #expect(run.err.hasPrefix("lunar: nope is not a directory"), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("nope").path))
    }
}

/// `--log-level` and `LUNAR_LOG_LEVEL`: `lunar test` and `lunar run` print warnings and worse by
/// default (a script's `log.info` used to fill standard error).
@Suite struct LogLevelTests {
    static let bundle = [
        "manifest.json": BundleDirectory.manifest(),
        "screens/home.lua": """
            local ui = require("lunar.ui")
            local log = require("lunar.log")
            return { title = "Home", load = function() log.info("opened home"); log.warn("careful") end,
                     render = function() return ui.Text("hi") end }
            """,
        "spec/home_spec.lua": "describe('home', function() it('opens', function() expect(app.title()).toBe('Home') end) end)",
    ]

    @Test func testAndRunShowWarningsByDefaultAndMoreWhenAsked() throws {
        let dir = try BundleDirectory(prefix: "lunar-cli", files: Self.bundle)
        defer { dir.remove() }
        let quiet = try LunarProcess.run(["test", dir.root.path])
        #expect(quiet.status == 0, "\(quiet.out)")
        #expect(!quiet.err.contains("opened home") && quiet.err.contains("careful"), "\(quiet.err)")
        let verbose = try LunarProcess.run(["test", dir.root.path, "--log-level", "info"])
        #expect(verbose.err.contains("opened home"), "\(verbose.err)")
        let environment = try LunarProcess.run(["run", dir.root.path], stdin: "", environment: ["LUNAR_LOG_LEVEL": "error"])
        #expect(!environment.err.contains("careful"), "\(environment.err)")
        let wrong = try LunarProcess.run(["run", dir.root.path, "--log-level", "loud"], stdin: "")
        #expect(wrong.status != 0 && wrong.err.contains("--log-level 'loud' is not one of"), "\(wrong.err)")
    }

    /// Issue 30: a script's record said `[LunarBridge]` (swift-log's default source, the Swift
    /// module); its source is the script's `file:line`, as the inspector's console says.
    @Test func aScriptRecordNamesTheScriptLine() throws {
        let dir = try BundleDirectory(prefix: "lunar-cli", files: Self.bundle.merging([
            "screens/home.lua": """
                local ui = require("lunar.ui")
                local log = require("lunar.log")
                return { title = "Home", load = function() log.info("opened home", { user = "ann" }) end,
                         render = function() pcall(log.warn, "through pcall"); return ui.Text("hi") end }
                """,
        ]) { $1 })
        defer { dir.remove() }
        let run = try LunarProcess.run(["run", dir.root.path, "--log-level", "info"], stdin: "")
        #expect(run.err.contains("info lunar.script: user=ann [screens/home.lua:3] opened home"), "\(run.err)")
        // The nearest Lua frame: the line of the pcall.
        #expect(run.err.contains("warning lunar.script: [screens/home.lua:4] through pcall"), "\(run.err)")
        #expect(!run.err.contains("[LunarBridge]"), "\(run.err)")
    }
}

/// Socket failures say what to do, not NIO's descriptions (issue 22).
@Suite struct ConnectionFailureTests {
    @Test func aBusyPortSaysToChooseAnother() throws {
        let busy = try LoopbackServer { _ in .json("{}") }
        defer { busy.stop() }
        let port = try #require(busy.baseURL.port)
        let run = try LunarProcess.run(["serve", ToolsTests.showcase.path, "--port", String(port)])
        #expect(run.status == 1)
        #expect(run.err == "lunar: cannot serve on 127.0.0.1:\(port): the port is in use (choose another with --port, or --port 0 for any free one)\n",
                "\(run.err)")
    }

    @Test func aRefusedDevServerSaysNothingListens() throws {
        let run = try LunarProcess.run(["run", "http://127.0.0.1:1/"], stdin: "")
        #expect(run.status == 1)
        #expect(run.err.contains("lunar: cannot load the bundle from http://127.0.0.1:1/: nothing is listening there"), "\(run.err)")
        #expect(!run.err.contains("SingleConnectionFailure"))
    }
}
