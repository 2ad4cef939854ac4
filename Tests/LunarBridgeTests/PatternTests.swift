import CLunar
import Foundation
import Testing
@testable import LunarBridge

/// Puts Lua's own string library, freshly made by `luaopen_string`, in the
/// global `stock`. `luaopen_string` also installs a new string metatable; the
/// state's own is put back, so string methods stay Lunar's.
func installStockStringLibrary(in state: LuaState) throws {
    let L = state.L
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    lua_pushstring(L, "")
    guard lua_getmetatable(L, -1) != 0 else { throw LuaStateError("strings have no metatable") }
    lua_pushcclosure(L, luaopen_string, 0)
    guard lunar_pcall(L, 0, 1) == LUA_OK else { throw LuaStateError("luaopen_string failed") }
    // Stack: "", Lunar's string metatable, the stock library.
    lua_pushstring(L, "")
    lua_pushvalue(L, -3)
    lua_setmetatable(L, -2)
    lua_settop(L, top + 3)
    lua_rawgeti(L, lunar_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
    lua_pushstring(L, "stock")
    lua_pushvalue(L, -3)
    lua_rawset(L, -3)
}

@Suite struct PatternTests {
    @Test func stringFunctionsAndMethodsAreLunars() throws {
        let state = try LuaState()
        try installStockStringLibrary(in: state)
        let r = try state.run("""
            return string.find ~= stock.find, string.gsub ~= stock.gsub,
              ("").find == string.find, ("").match == string.match,
              ("").gmatch == string.gmatch, ("").gsub == string.gsub
            """)
        #expect(r == [true, true, true, true, true, true])
        let unrestricted = try LuaState(options: LuaStateOptions(sandbox: .unrestricted))
        try installStockStringLibrary(in: unrestricted)
        #expect(try unrestricted.run("return string.find ~= stock.find, ('').find == string.find") == [true, true])
    }

    @Test func agreesWithTheStockLibrary() throws {
        let state = try LuaState()
        try installStockStringLibrary(in: state)
        let driver = try state.load(patternDifferentialScript, name: "@differential.lua")
        let r = try state.callReturningAll(driver, [.integer(20_240_611), .integer(10_000)])
        let (cases, matched, notFound, raised, mismatches) = (r[0].intValue ?? 0, r[1].intValue ?? 0, r[2].intValue ?? 0, r[3].intValue ?? 0, r[4].intValue ?? -1)
        #expect(mismatches == 0, "\(r[5])")
        #expect(cases > 10_000)
        // Each outcome is well represented, so agreement is not agreement on nothing.
        #expect(matched > cases / 4 && notFound > cases / 5 && raised > cases / 20, "\(matched) \(notFound) \(raised)")
    }

    static let runaways = [
        "string.find(string.rep('a', 30000), '.-.-.-.-.-.-b')",
        "local s = ('a'):rep(1e5) return s:match('(.-)%1b')",
        "local s = ('a'):rep(1e5) return s:find('a*a*a*a*b')",
        "local s = ('a'):rep(3e4) return s:gsub('.-.-.-.-b', '')",
        "for w in ('a'):rep(3e4):gmatch('.-.-.-.-b') do end",
        "local s = ('('):rep(1e5) return s:find('%b()')",
        "local s = ('a'):rep(3e4) return s:find('()a-()a-()a-()a-()b')",
    ]

    @Test(arguments: runaways)
    func theBudgetStopsABacktrackingPattern(code: String) throws {
        let state = try LuaState(options: LuaStateOptions(instructionBudget: 1_000_000))
        let started = ContinuousClock.now
        do {
            try state.run(code, name: "@runaway.lua")
            Issue.record("not stopped: \(code)")
        } catch {
            #expect(error.message == "runaway.lua:1: instruction budget exceeded")
        }
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(try state.run("return ('key=value'):match('(%w+)=(%w+)')") == ["key", "value"])
    }

    @Test func pcallCannotSwallowThePatternStop() throws {
        let state = try LuaState(options: LuaStateOptions(instructionBudget: 1_000_000))
        do {
            try state.run("""
                local s = ('a'):rep(30000)
                while true do
                  pcall(string.find, s, '.-.-.-.-.-.-b')
                  pcall(function() return s:gsub('.-.-.-.-b', '') end)
                end
                """, name: "@swallow.lua")
            Issue.record("the loop was not stopped")
        } catch {
            #expect(error.message.hasPrefix("swallow.lua:"))
            #expect(error.message.hasSuffix("instruction budget exceeded"))
        }
    }

    @Test func shortMatchesAddUpToTheBudget() throws {
        // About 800 matcher steps per call and 5 instructions per iteration:
        // the loop alone stays far under the budget, the matching does not.
        let code = """
            local s = ('ab'):rep(200)
            for i = 1, 100000 do s:find('b$') end
            return 'done'
            """
        let state = try LuaState(options: LuaStateOptions(instructionBudget: 5_000_000))
        #expect(throws: LuaScriptError.self) { try state.run(code) }
        try installStockStringLibrary(in: state)
        let stock = code.replacingOccurrences(of: "s:find(", with: "stock.find(s, ")
        #expect(try state.run(stock) == ["done"])
    }

    @Test func ordinaryWorkFitsAnOrdinaryBudget() throws {
        let state = try LuaState(options: LuaStateOptions(instructionBudget: 1_000_000))
        let r = try state.run("""
            local text = ("The quick brown fox jumps over the lazy dog. "):rep(200)
            local words = 0
            for _ in text:gmatch("%a+") do words = words + 1 end
            local upper, n = text:gsub("%f[%a]%a", string.upper)
            return words, n, select(2, upper:gsub("Fox", "")), text:find("lazy", 1, true)
            """)
        #expect(r == [1800, 1800, 200, 36, 39])
    }

    @Test func anInterruptStopsAPatternWhileNoLuaInstructionRuns() throws {
        let state = try LuaState()
        let L = state.L
        let top = lua_gettop(L)
        // string.find called straight from C: only the matcher can see the interrupt.
        lua_rawgeti(L, lunar_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_pushstring(L, "string")
        lua_rawget(L, -2)
        lua_pushstring(L, "find")
        lua_rawget(L, -2)
        lua_pushstring(L, String(repeating: "a", count: 30000))
        lua_pushstring(L, ".-.-.-.-.-.-b")
        state.interruptHandle.interrupt("stopped by host")
        let status = lunar_pcall(L, 2, 1)
        #expect(status == LUA_ERRRUN)
        #expect(String(cString: lua_tolstring(L, -1, nil)) == "stopped by host")
        lua_settop(L, top)
        #expect(try state.run("return ('abc'):find('b')") == [2, 2])
    }

    @Test func anInterruptFromAnotherThreadStopsAPattern() async throws {
        let engine = try await engineWithWatchdog()
        do {
            try await engine.run(
                "require('native.watchdog').arm() local s = ('a'):rep(30000) s:find('.-.-.-.-.-.-b')",
                name: "@spin.lua")
            Issue.record("not interrupted")
        } catch {
            #expect(error.message == "spin.lua:1: stopped by host")
        }
        #expect(try await engine.run("return ('abc'):match('%w+')") == ["abc"])
    }
}
