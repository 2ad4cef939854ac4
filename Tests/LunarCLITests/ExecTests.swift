import Foundation
import LunarTestSupport
import Testing

/// Runs the built `lunar` binary (it sits beside the test bundle).
struct LunarProcess {
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lunar")
    }

    static func run(_ arguments: [String], stdin: String? = nil, cwd: URL? = nil,
                    environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        if !environment.isEmpty {
            p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let cwd { p.currentDirectoryURL = cwd }
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}

@Suite struct ExecTests {
    /// The engine is released before the command waits for its executor, so the state closes
    /// at once and nothing is said about it (it used to wait out the 5 s timeout).
    @Test func aFinishedScriptClosesItsStateAndSaysNothingMore() throws {
        let run = try LunarProcess.run(["exec", "-e", "print('done')"])
        #expect(run.status == 0)
        #expect(run.out == "done\n")
        #expect(run.err == "")
    }

    @Test func runsAFileWithModulesFromItsDirectory() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "return { double = function(x) return 2 * x end }".write(to: dir.appendingPathComponent("util.lua"), atomically: true, encoding: .utf8)
        try "print('double', require('util').double(21))".write(to: dir.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
        let r = try LunarProcess.run(["exec", dir.appendingPathComponent("main.lua").path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "double\t42\n")
    }

    @Test func uncaughtErrorsPrintFileLineAndTracebackAndFail() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "local function f()\n  error('it broke')\nend\nf()\n".write(to: dir.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        let r = try LunarProcess.run(["exec", dir.appendingPathComponent("bad.lua").path])
        #expect(r.status == 1)
        #expect(r.err.contains("bad.lua:2: it broke"))
        #expect(r.err.contains("stack traceback:"))
        #expect(r.err.contains("bad.lua:4: in main chunk"))
    }

    @Test func inlineCodeAndSandbox() throws {
        let ok = try LunarProcess.run(["exec", "-e", "print(math.max(3, 9))"])
        #expect(ok.status == 0)
        #expect(ok.out == "9\n")
        let refused = try LunarProcess.run(["exec", "-e", "os.exit(0)"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("os.exit is not available in the Lunar sandbox"))
        let syntax = try LunarProcess.run(["exec", "-e", "x = = 1"])
        #expect(syntax.status == 1)
        #expect(syntax.err.contains("(command line):1:"))
    }

    @Test func errorsInsideCoroutinesAreReportedAndFail() throws {
        let r = try LunarProcess.run(["exec", "-e", "require('lunar').async(function() error('late') end) print('after')"])
        #expect(r.out == "after\n")
        #expect(r.err.contains("(command line):1: late"))
        #expect(r.status == 1)
    }

    @Test func waitsForTimersAndCallbacksBeforeExiting() throws {
        let r = try LunarProcess.run(["exec", "-e", """
            local timer = require("lunar.timer")
            timer.after(0.05, function() print("after") end)
            local n = 0
            local h
            h = timer.every(0.01, function() n = n + 1 if n == 3 then h:cancel() print("ticks", n) end end)
            print("main done")
            """])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "main done\nticks\t3\nafter\n")
    }

    @Test func errorsInTimerCallbacksFailTheRun() throws {
        let r = try LunarProcess.run(["exec", "-e", "require('lunar.timer').after(0, function() error('tick failed') end)"])
        #expect(r.status == 1)
        #expect(r.err.contains("(command line):1: tick failed"))
    }

    @Test func limitsFromTheCommandLine() throws {
        let r = try LunarProcess.run(["exec", "--instruction-budget", "100000", "-e", "while true do end"])
        #expect(r.status == 1)
        #expect(r.err.contains("instruction budget exceeded"))
        let m = try LunarProcess.run(["exec", "--memory-limit-mb", "16", "-e", "local t = {} for i = 1, 1e8 do t[i] = i end"])
        #expect(m.status == 1)
        #expect(m.err.contains("not enough memory"))
    }
}

/// Source files are bytes to Lua: a Latin-1 byte in a comment or a string literal does not stop
/// `lunar exec` or `lunar test` (stock Lua runs such files).
@Suite struct SourceBytesCommandTests {
    /// `-- café` then the Latin-1 `é` (0xE9) inside a string literal, given `code` to print it.
    static func latin1(_ code: String) -> Data {
        Data("-- caf".utf8) + Data([0xE9]) + Data("\nlocal s = \"caf".utf8) + Data([0xE9]) + Data("\"\n\(code)\n".utf8)
    }

    @Test func execRunsAFileWithALatin1Byte() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("latin1.lua")
        try Self.latin1("print(#s, s:byte(4))").write(to: file)
        let r = try LunarProcess.run(["exec", file.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "4\t233\n", "\(r.out)")
    }

    @Test func aSpecFileWithALatin1ByteRuns() throws {
        let dir = try BundleDirectory(prefix: "lunar-cli", files: [
            "manifest.json": BundleDirectory.manifest(),
            "screens/home.lua": "local ui = require('lunar.ui') return { title = 'Home', render = function() return ui.Text('hi') end }",
        ])
        defer { dir.remove() }
        try dir.write("spec/latin1_spec.lua", bytes: Self.latin1("""
            describe("latin-1", function()
              it("keeps the byte", function() expect(s:byte(4)).toBe(233) end)
            end)
            """))
        let run = try LunarProcess.run(["test", dir.root.path])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains("1 passed"), "\(run.out)")
    }
}
