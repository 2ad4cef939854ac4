import Foundation
import LunarBridge
import LunarRuntime
import Testing

/// The fault catalogue, part 3: sandbox escapes. Each attempt runs as `escape.lua` in a running
/// app's state (every `lunar.*` module installed) and is either refused with a clear error at the
/// script's line, or harmless: what it changes stays inside the bundle's own Lua state, checked
/// by Lua code afterwards, and the app stays usable.
@Suite struct SandboxCatalogue {
    struct Escape: Sendable, CustomTestStringConvertible {
        enum Outcome: Sendable {
            /// Raises an error whose message contains the text.
            case refused(String)
            /// Runs (or fails) without harm: the check, run afterwards in a new chunk, returns true.
            case harmless(check: String)
        }
        let name: String
        let code: String
        let outcome: Outcome
        var testDescription: String { name }
    }

    static let escapes: [Escape] = [
        Escape(name: "string.dump", code: "string.dump(function() end)", outcome: .refused("string.dump is not available in the Lunar sandbox")),
        Escape(name: "load of a binary chunk (mode b)", code: #"local f, e = load("\27LuaT\0", "x", "b") assert(f == nil) error(e, 0)"#,
               outcome: .refused("binary chunks are not allowed in the Lunar sandbox")),
        Escape(name: "load of a binary chunk (mode bt)", code: #"local f, e = load("\27LuaT\0", "x", "bt") assert(f == nil) error(e, 0)"#,
               outcome: .refused("binary chunks are not allowed in the Lunar sandbox")),
        Escape(name: "load of a binary chunk (default mode)", code: #"local f, e = load("\27LuaT\0") assert(f == nil) error(e, 0)"#,
               outcome: .refused("attempt to load a binary chunk")),
        Escape(name: "load of a binary chunk from a reader, in pieces", code: """
            local pieces, i = { "\\27", "Lu", "a", "T\\0\\25\\147" }, 0
            local f, e = load(function() i = i + 1 return pieces[i] end)
            assert(f == nil) error(e, 0)
            """, outcome: .refused("attempt to load a binary chunk")),
        Escape(name: "load with an environment, binary", code: #"local f, e = load("\27LuaT\0", "x", "b", {}) assert(f == nil) error(e, 0)"#,
               outcome: .refused("binary chunks are not allowed in the Lunar sandbox")),
        Escape(name: "require with ../", code: #"require("../../etc/passwd")"#, outcome: .refused("is refused")),
        Escape(name: "require with an absolute path", code: #"require("/etc/passwd")"#, outcome: .refused("is refused")),
        Escape(name: "require with dots leaving the root", code: #"require("..etc.passwd")"#, outcome: .refused("is refused")),
        Escape(name: "require with a home path", code: #"require("~root")"#, outcome: .refused("is refused")),
        Escape(name: "require through package.path", code: #"package.path = "/etc/?" require("passwd")"#,
               outcome: .refused("module 'passwd' not found")),
        Escape(name: "require of a C module through package.cpath",
               code: #"package.cpath = "/usr/lib/x86_64-linux-gnu/lua/5.4/?.so;/usr/local/lib/lua/5.4/?.so" require("lpeg")"#,
               outcome: .refused("module 'lpeg' not found")),
        Escape(name: "package.loadlib", code: #"package.loadlib("libc.so.6", "system")"#,
               outcome: .refused("package.loadlib is not available in the Lunar sandbox")),
        Escape(name: "package.searchpath", code: #"package.searchpath("x", "/etc/?")"#,
               outcome: .refused("package.searchpath is not available in the Lunar sandbox")),
        Escape(name: "debug.sethook (removing the budget hook)", code: "debug.sethook()",
               outcome: .refused("debug.sethook is not available in the Lunar sandbox")),
        Escape(name: "debug.getregistry", code: "debug.getregistry()", outcome: .refused("debug.getregistry is not available in the Lunar sandbox")),
        Escape(name: "require('debug')", code: #"require("debug").getinfo(1)"#, outcome: .refused("debug.getinfo is not available in the Lunar sandbox")),
        Escape(name: "os.exit", code: "os.exit(1)", outcome: .refused("os.exit is not available in the Lunar sandbox")),
        Escape(name: "os.execute", code: #"os.execute("touch /tmp/lunar-escaped")"#, outcome: .refused("os.execute is not available in the Lunar sandbox")),
        Escape(name: "os.getenv", code: #"os.getenv("HOME")"#, outcome: .refused("os.getenv is not available in the Lunar sandbox")),
        Escape(name: "os.remove", code: #"os.remove("/tmp/x")"#, outcome: .refused("os.remove is not available in the Lunar sandbox")),
        Escape(name: "io.open", code: #"io.open("/etc/passwd")"#, outcome: .refused("io.open is not available in the Lunar sandbox")),
        Escape(name: "io.popen", code: #"io.popen("id")"#, outcome: .refused("io.popen is not available in the Lunar sandbox")),
        Escape(name: "io.lines", code: #"io.lines("/etc/passwd")"#, outcome: .refused("io.lines is not available in the Lunar sandbox")),
        Escape(name: "require('io')", code: #"require("io").open("/etc/passwd")"#, outcome: .refused("io.open is not available in the Lunar sandbox")),
        Escape(name: "dofile", code: #"dofile("/etc/passwd")"#, outcome: .refused("dofile is not available in the Lunar sandbox")),
        Escape(name: "loadfile", code: #"loadfile("/etc/passwd")"#, outcome: .refused("loadfile is not available in the Lunar sandbox")),
        Escape(name: "string metatable: replace __index", code: #"getmetatable("").__index = { upper = function() return "pwned" end }"#,
               outcome: .refused("attempt to index a boolean value")),
        Escape(name: "string metatable: setmetatable on a string", code: #"setmetatable("", {})"#,
               outcome: .refused("bad argument #1 to 'setmetatable' (table expected, got string)")),
        Escape(name: "string metatable: __gc on it", code: #"local mt = getmetatable("") mt.__gc = function() end"#,
               outcome: .refused("attempt to index a boolean value")),
        Escape(name: "__gc finalizer that loops (hooks are off in finalizers)",
               code: "setmetatable({}, { __gc = function() while true do end end }) collectgarbage()",
               outcome: .refused("__gc metamethods are not available in the Lunar sandbox")),
        Escape(name: "__gc field added to a metatable later", code: """
            local mt = {}
            setmetatable({}, mt)
            mt.__gc = function() while true do end end
            collectgarbage() collectgarbage()
            """, outcome: .harmless(check: "return true")),
        Escape(name: "__gc marker set through __index", code: """
            local mt = setmetatable({}, { __index = { __gc = function() while true do end end } })
            setmetatable({}, mt)
            collectgarbage() collectgarbage()
            """, outcome: .harmless(check: "return true")),
        Escape(name: "collectgarbage('stop')", code: #"collectgarbage("stop")"#,
               outcome: .refused("collectgarbage('stop') is not available in the Lunar sandbox")),
        Escape(name: "collectgarbage('incremental', ...) parameters", code: #"collectgarbage("incremental", 1000, 1, 0)"#,
               outcome: .refused("collectgarbage('incremental') is not available in the Lunar sandbox")),
        Escape(name: "collectgarbage('generational')", code: #"collectgarbage("generational")"#,
               outcome: .refused("collectgarbage('generational') is not available in the Lunar sandbox")),
        Escape(name: "collectgarbage('setpause')", code: #"collectgarbage("setpause", 1000)"#,
               outcome: .refused("collectgarbage('setpause') is not available in the Lunar sandbox")),
        Escape(name: "collectgarbage('step') loop", code: #"for i = 1, 200 do collectgarbage("step", 1000) end"#,
               outcome: .harmless(check: #"return collectgarbage("isrunning")"#)),
        Escape(name: "setmetatable on _G (every global read fails)", code: """
            setmetatable(_G, { __index = function(_, k) error("no global " .. k) end, __newindex = function() error("read-only") end })
            """, outcome: .harmless(check: "return rawget(_G, 'print') ~= nil")),
        Escape(name: "setmetatable on a shared library table", code: #"setmetatable(string, { __index = function() error("trap") end })"#,
               outcome: .harmless(check: #"return ("x"):rep(3) == "xxx""#)),
        Escape(name: "_ENV replaced in a chunk", code: "local _ENV = { } x = 1",
               outcome: .harmless(check: "return rawget(_G, 'x') == nil")),
        Escape(name: "_ENV used to reach the host", code: "local _ENV = setmetatable({}, { __index = _G }) os.execute('id')",
               outcome: .refused("os.execute is not available in the Lunar sandbox")),
        Escape(name: "rawset on a lunar.* module table", code: #"rawset(require("lunar.storage"), "get", function() return "forged" end)"#,
               outcome: .harmless(check: #"return require("lunar.storage").get("missing-key") == "forged""#)),
    ]

    @Test(arguments: escapes)
    func escapeIsRefusedOrHarmless(_ escape: Escape) async throws {
        let app = try await FaultApp(files: [:])
        let code = "local ok, e = pcall(function()\n\(escape.code)\nend) return ok, tostring(e)"
        let results = try await app.lua(code, name: "@escape.lua")
        switch escape.outcome {
        case .refused(let text):
            #expect(results.first == .boolean(false), "\(escape.name) was allowed")
            let message = results.last?.stringValue ?? ""
            #expect(message.contains(text), "got: \(message)")
        case .harmless(let check):
            #expect(try await app.lua(check, name: "@check.lua") == [.boolean(true)], "after \(escape.name)")
        }
        // Whatever it did stays in this bundle's state: the host process is fine and a new app
        // in the same process gets pristine modules.
        #expect(FileManager.default.fileExists(atPath: "/tmp/lunar-escaped") == false)
        let fresh = try await FaultApp(files: [:])
        #expect(try await fresh.lua(#"return type(require("lunar.storage").get), require("lunar.storage").get("missing-key")"#) == ["function", .nil])
        #expect(try await fresh.assertUsable())
    }

    /// A script cannot stop a bundle's other scripts from running, nor the host: after it
    /// clobbers globals the runtime's own Lua relies on, errors are reported, the host lives.
    @Test func clobberedGlobalsHurtOnlyTheirOwnBundle() async throws {
        let app = try await FaultApp(files: [:])
        _ = try await app.lua("require = nil setmetatable = nil pcall = nil type = nil pairs = nil string = nil", name: "@clobber.lua")
        _ = try? await app.run(.open("/navPush/probe"))
        #expect(try await app.lua("return 1 + 1") == [2])
        let fresh = try await FaultApp(files: [:])
        #expect(try await fresh.assertUsable())
    }
}
