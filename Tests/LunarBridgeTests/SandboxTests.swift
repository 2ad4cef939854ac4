import Foundation
import LunarTestSupport
import Testing
@testable import LunarBridge

@Suite struct SandboxTests {
    /// Runs `code` protected in a default sandbox and returns the error message.
    func refusal(_ code: String) throws -> String {
        let state = try LuaState()
        let r = try state.run("local ok, e = pcall(function() \(code) end); return ok, tostring(e)", name: "@sandbox.lua")
        #expect(r[0] == false, "\(code) was allowed")
        return r[1].stringValue ?? ""
    }

    @Test(arguments: [
        ("io.open('/etc/passwd')", "io.open is not available in the Lunar sandbox"),
        ("io.write('x')", "io.write is not available in the Lunar sandbox"),
        ("os.execute('true')", "os.execute is not available in the Lunar sandbox"),
        ("os.exit(1)", "os.exit is not available in the Lunar sandbox"),
        ("os.remove('/tmp/x')", "os.remove is not available in the Lunar sandbox"),
        ("os.rename('a', 'b')", "os.rename is not available in the Lunar sandbox"),
        ("os.getenv('HOME')", "os.getenv is not available in the Lunar sandbox"),
        ("dofile('/etc/passwd')", "dofile is not available in the Lunar sandbox"),
        ("loadfile('/etc/passwd')", "loadfile is not available in the Lunar sandbox"),
        ("package.loadlib('libc.so.6', 'puts')", "package.loadlib is not available in the Lunar sandbox"),
        ("debug.getinfo(1)", "debug.getinfo is not available in the Lunar sandbox"),
        ("string.dump(print)", "string.dump is not available in the Lunar sandbox"),
        ("collectgarbage('stop')", "collectgarbage('stop') is not available in the Lunar sandbox"),
        ("require('io').open('x')", "io.open is not available in the Lunar sandbox"),
        ("getmetatable('').__index = {}", "attempt to index a boolean value"),
    ])
    func refusedWithAClearMessage(code: String, message: String) throws {
        let e = try refusal(code)
        #expect(e.contains(message), "got: \(e)")
        #expect(e.hasPrefix("sandbox.lua:1:"), "no position in: \(e)")
    }

    @Test func binaryChunksAreRefused() throws {
        let state = try LuaState()
        let r = try state.run(#"return load("\27Lua\84\0", "x", "b")"#)
        #expect(r[0] == .nil)
        #expect(r[1] == "binary chunks are not allowed in the Lunar sandbox")
        let r2 = try state.run(#"return load("\27Lua\84\0")"#)
        #expect(r2[1].stringValue?.contains("attempt to load a binary chunk") == true)
        // Text chunks still load.
        #expect(try state.run("return load('return 1 + 1')()") == [2])
    }

    @Test func requireStaysInsideTheModuleRoot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("lib"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "return { answer = 42 }".write(to: root.appendingPathComponent("lib/answer.lua"), atomically: true, encoding: .utf8)
        let state = try LuaState()
        state.moduleLoader = LuaDirectoryLoader(root: root)
        #expect(try state.run("return require('lib.answer').answer") == [42])
        for name in ["../etc/passwd", "/etc/passwd", "lib..answer", "..lib", "~root"] {
            let r = try state.run("return pcall(require, '\(name)')")
            #expect(r[0] == false)
            #expect(r[1].stringValue?.contains("refused") == true, "\(name): \(r[1])")
        }
        let missing = try state.run("return pcall(require, 'lib.nothing')")
        #expect(missing[1].stringValue?.contains("module 'lib.nothing' not found") == true)
    }

    /// No link is followed, even one that stays in the root; the refusal names the require's line.
    @Test func requireRefusesASymbolicLinkAtTheRequiresLine() throws {
        let root = try makeTemporaryDirectory("lunar-sandbox")
        defer { try? FileManager.default.removeItem(at: root) }
        try "return 1".write(to: root.appendingPathComponent("real.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("alias.lua"), withDestinationURL: root.appendingPathComponent("real.lua"))
        let state = try LuaState()
        state.moduleLoader = LuaDirectoryLoader(root: root)
        #expect(try state.run("return (require('real'))") == [1])
        do {
            let loaded = try state.run("local n = 1\nlocal m = require('alias')\nreturn m", name: "@main.lua")
            Issue.record("require followed the link: \(loaded)")
        } catch {
            #expect(error.message == "main.lua:2: module 'alias': alias.lua is a symbolic link; a bundle's files are never links")
        }
    }

    @Test func hostCanWidenTheSandbox() throws {
        let state = try LuaState(options: LuaStateOptions(sandbox: LuaSandbox(capabilities: [.os, .debug])))
        #expect(try state.run("return type(os.getenv('PATH')), type(debug.traceback())") == ["string", "string"])
        #expect(try state.run("return pcall(function() return io.open('x') end)")[0] == false)
    }
}

@Suite struct LimitTests {
    @Test func memoryCapStopsABombAndTheStateLives() throws {
        let state = try LuaState(options: LuaStateOptions(memoryLimit: 8 << 20))
        let r = try state.run("""
            local ok, e = pcall(function()
              local t = {}
              for i = 1, 1e9 do t[i] = string.rep("x", 64) .. i end
            end)
            return ok, e
            """)
        #expect(r == [false, "not enough memory"])
        try state.run("collectgarbage()")
        #expect(state.memoryInUse < 8 << 20)
        #expect(try state.run("return 1 + 1") == [2])
        do {
            try state.run("local s = string.rep('x', 64 * 1024 * 1024)")
            Issue.record("a 64 MB string fit in an 8 MB cap")
        } catch {
            #expect(error.kind == .memory)
        }
    }

    @Test func instructionBudgetStopsAnInfiniteLoop() throws {
        let state = try LuaState(options: LuaStateOptions(instructionBudget: 1_000_000))
        do {
            try state.run("while true do end", name: "@loop.lua")
            Issue.record("the loop was not stopped")
        } catch {
            #expect(error.message == "loop.lua:1: instruction budget exceeded")
        }
        // The budget is per host call: the next call runs normally.
        #expect(try state.run("local n = 0 for i = 1, 1000 do n = n + i end return n") == [500500])
    }

    @Test func pcallCannotSwallowTheStop() throws {
        let state = try LuaState(options: LuaStateOptions(instructionBudget: 200_000))
        do {
            try state.run("""
                local caught = 0
                while true do
                  pcall(function() while true do end end)
                  caught = caught + 1
                end
                """)
            Issue.record("the loop was not stopped")
        } catch {
            #expect(error.message.contains("instruction budget exceeded"))
        }
    }

    @Test func interruptFromAnotherThread() async throws {
        let engine = try await engineWithWatchdog()
        do {
            try await engine.run("require('native.watchdog').arm() while true do end", name: "@spin.lua")
            Issue.record("not interrupted")
        } catch {
            #expect(error.message == "spin.lua:1: stopped by host")
        }
        #expect(try await engine.run("return 1") == [1])
    }

    @Test func deepRecursionIsAnError() throws {
        let state = try LuaState()
        do {
            try state.run("local function f(n) return 1 + f(n + 1) end return f(1)")
            Issue.record("no stack overflow")
        } catch {
            #expect(error.message.contains("stack overflow"))
        }
        state.register(LuaModule("native.again") { m in
            m.rawFunction("call") { frame in
                let f: LuaFunction = try frame.argument(1)
                try frame.state.callPushing(f) { _ in 0 }
                return .results(0)
            }
        })
        do {
            try state.run("local again = require('native.again'); local function f() again.call(f) end f()")
            Issue.record("no C stack overflow")
        } catch {
            #expect(error.message.contains("stack overflow"))
        }
        #expect(try state.run("return 'alive'") == ["alive"])
    }
}
