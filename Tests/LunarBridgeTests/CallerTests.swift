import Testing
@testable import LunarBridge

/// A typed body that takes a `LuaCaller` first knows where its Lua caller is (issue 30: a
/// script's log record named the Swift module), and the stack compares functions' code
/// without their lines (what a hot reload asks of a changed `initialize`).
@Suite struct CallerTests {
    let state: LuaState
    static let probe = LuaModule("native.probe") { m in
        m.function("where(tag)") { (caller: LuaCaller, tag: String) -> String in
            "\(tag)@\(caller.location?.description ?? "nowhere")"
        }
        m.rawFunction("sameCode(a: function, b: function): boolean") { frame in
            let a = frame.stack.codeWithoutLines(ofFunctionAt: 1)
            frame.push(a != nil && a == frame.stack.codeWithoutLines(ofFunctionAt: 2))
            return .results(1)
        }
        m.rawFunction("hasCode(f: function): boolean") { frame in
            frame.push(frame.stack.codeWithoutLines(ofFunctionAt: 1) != nil)
            return .results(1)
        }
    }

    init() throws {
        state = try LuaState()
        state.register(Self.probe)
    }

    @Test func theCallerIsTheNearestLuaLineAndNotAnArgument() throws {
        let r = try state.run("""
            local probe = require("native.probe")
            local direct = probe.where("direct")
            local _, viaPcall = pcall(probe.where, "pcall")
            local ok, e = pcall(function() return probe.where() end)
            return direct, viaPcall, ok, e
            """, name: "@caller_test.lua")
        #expect(r == ["direct@caller_test.lua:2", "pcall@caller_test.lua:3", false,
                      "caller_test.lua:4: bad argument #1 to 'probe.where' (string expected, got no value)"])
        // Stubs show the Lua parameters only.
        let described = try #require(Self.probe.functions.first { $0.signature.name == "where" })
        #expect(described.signature.parameters == ["string"] && described.parameterNames == ["tag"])
    }

    @Test func functionsCompareByCodeWhereverTheirLinesAre() throws {
        let r = try state.run("""
            local probe = require("native.probe")
            local function f(x) local t = { x, "a" }; return function() return t[1] + 1 end end

            local function g(x) local t = { x, "a" }; return function() return t[1] + 1 end end
            local function h(x) local t = { x, "a" }; return function() return t[1] + 2 end end
            return probe.sameCode(f, g), probe.sameCode(f, h), probe.sameCode(f, f), probe.hasCode(print)
            """, name: "@same_test.lua")
        #expect(r == [true, false, true, false])
    }
}
