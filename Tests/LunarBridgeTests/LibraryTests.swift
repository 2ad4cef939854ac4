import CLunar
import Foundation
import Testing
@testable import LunarBridge

/// Puts the stock versions of the functions Lunar replaces or wraps in the global
/// `stocklib` (`string`, `table`, `utf8`: fresh stock libraries; `base`: the stock
/// `tonumber`, `load` and `collectgarbage`; `meta`: the stock arithmetic
/// metamethods of strings), and Lunar's string metatable in the global `oursmeta`.
/// The state's own globals and string metatable stay Lunar's.
func installStockLibraries(in state: LuaState) throws {
    try installStockStringLibrary(in: state)
    let L = state.L
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    lua_rawgeti(L, lunar_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
    let globals = lua_gettop(L)
    lunar_newtable(L)
    let stock = lua_gettop(L)
    lua_getfield(L, globals, "stock")
    lua_setfield(L, stock, "string")
    for (name, open) in [("table", luaopen_table), ("utf8", luaopen_utf8)] as [(String, lua_CFunction)] {
        lua_pushcclosure(L, open, 0)
        guard lunar_pcall(L, 0, 1) == LUA_OK else { throw LuaStateError("luaopen_\(name) failed") }
        lua_setfield(L, stock, name)
    }
    // The stock functions are the wrappers' first upvalues.
    func upvalues(of table: Int32, _ names: [String], into field: String) {
        lunar_newtable(L)
        for name in names {
            lua_getfield(L, table, name)
            if lua_getupvalue(L, -1, 1) != nil { lua_setfield(L, -3, name) }
            lunar_pop(L, 1)
        }
        lua_setfield(L, stock, field)
    }
    upvalues(of: globals, ["load", "collectgarbage"], into: "base")
    lua_pushstring(L, "")
    guard lua_getmetatable(L, -1) != 0 else { throw LuaStateError("strings have no metatable") }
    let meta = lua_gettop(L)
    upvalues(of: meta, ["__add", "__sub", "__mul", "__mod", "__pow", "__div", "__idiv", "__unm"], into: "meta")
    lua_setfield(L, globals, "oursmeta")
    lua_pushvalue(L, stock)
    lua_setfield(L, globals, "stocklib")
    // tonumber is rewritten, not wrapped: take the stock one from luaopen_base, which sets
    // every base function as a global, then put the state's own globals back.
    lua_pushcclosure(L, luaopen_base, 0)
    lua_setfield(L, globals, "openstockbase")
    lua_settop(L, top)
    _ = try state.run("""
        local saved = {}
        for k, v in pairs(_G) do saved[k] = v end
        openstockbase()
        local stockTonumber = tonumber
        for k, v in pairs(saved) do _G[k] = v end
        stocklib.base.tonumber = stockTonumber
        openstockbase = nil
        """)
}

@Suite struct LibraryTests {
    /// A state whose globals are the library functions themselves (no sandbox shims).
    func plainState(budget: Int? = nil) throws -> LuaState {
        try LuaState(options: LuaStateOptions(instructionBudget: budget, sandbox: .unrestricted))
    }

    @Test func theLoopingFunctionsAreLunars() throws {
        let state = try plainState()
        try installStockLibraries(in: state)
        let r = try state.run("""
            return string.rep ~= stocklib.string.rep, string.byte ~= stocklib.string.byte,
              ("").rep == string.rep, table.move ~= stocklib.table.move, table.insert ~= stocklib.table.insert,
              utf8.len ~= stocklib.utf8.len, tonumber ~= stocklib.base.tonumber, oursmeta.__add ~= stocklib.meta.__add
            """)
        #expect(r == Array(repeating: true, count: 8))
    }

    @Test func agreesWithTheStockLibrary() throws {
        let state = try plainState()
        try installStockLibraries(in: state)
        let driver = try state.load(libraryDifferentialScript, name: "@differential.lua")
        let r = try state.callReturningAll(driver, [.integer(20_240_611), .integer(3_000)])
        let (cases, raised, mismatches) = (r[0].intValue ?? 0, r[1].intValue ?? 0, r[2].intValue ?? -1)
        #expect(mismatches == 0, "\(r[3])")
        #expect(cases > 3_000)
        // Errors are compared too, and well represented.
        #expect(raised > cases / 10 && raised < cases / 2, "\(raised) of \(cases)")
    }

    /// Each runs out of a 1,000,000-instruction budget inside C (with the stock library each
    /// runs for minutes or forever), and is stopped at its line.
    static let runaways = [
        "table.move({}, 1, 2^40, 2)",
        "for i = 1, 1e9 do local s = string.rep('x', 2^24) end",
        "string.find(string.rep('b', 70000), '[' .. string.rep('a', 400000) .. ']')",
        "local s = string.rep('x', 2^22) for i = 1, 1e9 do s:find('y', 1, true) end",
        "table.insert(setmetatable({}, { __len = function() return 2^40 end }), 1, 'x')",
        "table.remove(setmetatable({}, { __len = function() return 2^40 end }), 1)",
        "while true do table.unpack({}, 1, 900000) end",
        "local s = string.rep('x', 900000) while true do string.byte(s, 1, -1) end",
        "local s = string.rep('x', 900000) while true do utf8.codepoint(s, 1, -1) end",
        "local t = { string.byte(string.rep('x', 300000), 1, -1) } while true do table.sort(t) end",
        "local t = { string.byte(string.rep('x', 300000), 1, -1) } while true do table.concat(t) end",
        "local s = string.rep('é', 2^21) while true do utf8.len(s) end",
        "local s = string.rep('é', 2^21) while true do utf8.offset(s, 2^20) end",
        "local s = 'a' .. string.rep('\\x80', 2^22) local step = utf8.codes(s) while true do step(s, 1) end",
        "local t = { string.byte(string.rep('x', 300000), 1, -1) } while true do collectgarbage() end",
        "local s = string.rep('1', 2^22) while true do tonumber(s) end",
        "local s = string.rep('1', 2^22) while true do local x = s + 0 end",
        "local s = '--' .. string.rep('x', 2^22) while true do load(s) end",
        "local s = '--' .. string.rep('x', 2^22) local f = load(function() return s end)",
        "local s = string.rep(' ', 2^22) while true do string.pack(s) end",
        "local s = string.rep('x', 2^22) while true do pcall(string.unpack, 'z', s) end",
    ]

    @Test(arguments: runaways)
    func theBudgetStopsWorkInsideC(code: String) throws {
        let state = try LuaState(options: LuaStateOptions(memoryLimit: 64 << 20, instructionBudget: 1_000_000))
        let started = ContinuousClock.now
        do {
            try state.run(code, name: "@runaway.lua")
            Issue.record("not stopped: \(code)")
        } catch {
            #expect(error.message == "runaway.lua:1: instruction budget exceeded", "\(code)")
        }
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(try state.run("return table.concat({ 'still', 'usable' }, ' ')") == ["still usable"])
    }

    @Test func anEmptyRepetitionIsImmediate() throws {
        let state = try plainState(budget: 1_000)
        #expect(try state.run("return #string.rep('', 2^50), #string.rep('', 2^50, ''), #('x'):rep(3, '')") == [0, 0, 3])
    }

    @Test func theAllocatorStopsTheNextInstruction() throws {
        // One concatenation makes 32 MB (two million instructions' worth of bytes): the
        // instruction after it is stopped, though the loop ran only a handful.
        let state = try LuaState(options: LuaStateOptions(instructionBudget: 1_000_000))
        do {
            try state.run("local s = string.rep('x', 2^24)\nlocal t = s .. s\nreached = true", name: "@alloc.lua")
            Issue.record("not stopped")
        } catch {
            #expect(error.message.hasSuffix("instruction budget exceeded"), "\(error.message)")
        }
        #expect(try state.run("return reached") == [.nil])
    }

    @Test func aCoroutineIsStoppedToo() throws {
        let state = try LuaState(options: LuaStateOptions(instructionBudget: 1_000_000))
        #expect(throws: LuaScriptError.self) {
            try state.run("coroutine.wrap(function() while true do table.move({}, 1, 1e6, 2) end end)()")
        }
        #expect(throws: LuaScriptError.self) {
            try state.run("coroutine.wrap(function() local s = string.rep('x', 2^24) while true do local t = s .. 'y' end end)()")
        }
        #expect(try state.run("return 1") == [1])
    }

    @Test func anInterruptStopsATableMove() async throws {
        let engine = try await engineWithWatchdog()
        do {
            // No budget: only the interrupt, seen between two chunks of the move, stops it.
            try await engine.run("require('native.watchdog').arm() table.move({}, 1, 2^50, 2)", name: "@spin.lua")
            Issue.record("not interrupted")
        } catch {
            #expect(error.message == "spin.lua:1: stopped by host")
        }
        #expect(try await engine.run("return #table.move({1, 2}, 1, 2, 2)") == [3])
    }

    /// Ordinary work costs about what the same work written in Lua would: well inside a
    /// budget of a million instructions.
    @Test func ordinaryWorkFitsAnOrdinaryBudget() throws {
        let state = try LuaState(options: LuaStateOptions(instructionBudget: 1_000_000))
        let r = try state.run("""
            local t = {}
            for i = 1, 2000 do table.insert(t, i) end
            for i = 1, 100 do table.insert(t, 1, -i) table.remove(t, 1) end
            table.sort(t, function(a, b) return a > b end)
            local text = table.concat(t, ",")
            local words = 0
            for _ in text:gmatch("[%d]+") do words = words + 1 end
            local copy = table.move(t, 1, #t, 1, {})
            local n = select("#", table.unpack(copy, 1, 200))
            local s = ("héllo wörld "):rep(100)
            collectgarbage()
            return #t, words, n, utf8.len(s), tonumber("12345") + #s:upper(), #text:rep(3, "|")
            """)
        let expected: [LuaValue] = [2000, 2000, 200, 1200, 13745, 26678]
        #expect(r == expected)
    }
}
