import Testing
@testable import LunarBridge

final class LiveCounter: @unchecked Sendable {
    nonisolated(unsafe) static var live = 0
    init() { LiveCounter.live += 1 }
    deinit { LiveCounter.live -= 1 }
}

struct Failure: Error, CustomStringConvertible {
    var description: String { "could not frobnicate" }
}

@Suite(.serialized) struct ModuleTests {
    let state: LuaState

    init() throws {
        state = try LuaState()
        state.register(LuaModule("native.calc") { m in
            m.function("add") { (a: Int, b: Int) -> Int in a + b }
            m.function("greet") { (name: String, punctuation: String?) -> String in "hi \(name)\(punctuation ?? "")" }
            m.function("divmod") { (a: Int, b: Int) throws -> (Int, Int) in
                guard b != 0 else { throw LuaError.message("division by zero") }
                return (a / b, a % b)
            }
            m.function("nothing") { () in }
            m.function("fail") { () throws in
                let witness = LiveCounter()
                _ = witness
                throw Failure()
            }
            m.function("failWith") { () throws in throw LuaError.value(["kind": "http", "status": 404]) }
            m.constant("version", "1.2")
            m.event("changed")
        })
    }

    @Test func typedFunctionsConvertArgumentsAndResults() throws {
        let r = try state.run("""
            local calc = require("native.calc")
            local q, r = calc.divmod(17, 5)
            return calc.add(2, 3), calc.greet("ann"), calc.greet("bo", "!"), q, r, calc.version, select('#', calc.nothing())
            """)
        #expect(r == [5, "hi ann", "hi bo!", 3, 2, "1.2", 0])
    }

    @Test func argumentErrorsReadLikeLuasOwn() throws {
        let r = try state.run("""
            local calc = require("native.calc")
            local ok1, e1 = pcall(calc.add, 1)
            local ok2, e2 = pcall(function() return calc.add(1, "x") end)
            local ok3, e3 = pcall(function() return calc.add(1.5, 2) end)
            return e1, e2, e3
            """, name: "@calc_test.lua")
        #expect(r[0] == "bad argument #2 to 'calc.add' (number expected, got no value)")
        #expect(r[1] == "calc_test.lua:3: bad argument #2 to 'calc.add' (number expected, got string)")
        #expect(r[2] == "calc_test.lua:4: bad argument #1 to 'calc.add' (number has no integer representation)")
    }

    @Test func logModuleChecksItsArguments() throws {
        let r = try state.run("""
            local log = require("lunar.log")
            log.info("fine", { user = "ann" })
            local ok, e = pcall(function() log.info(nil) end)
            return ok, e
            """, name: "@log_test.lua")
        #expect(r == [false, "log_test.lua:3: bad argument #1 to 'log.info' (string expected, got nil)"])
    }

    @Test func swiftErrorsRaiseWithTheCallersPosition() throws {
        do {
            try state.run("local calc = require('native.calc')\n\ncalc.divmod(1, 0)", name: "@screens/home.lua")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "screens/home.lua:3: division by zero")
            #expect(error.location == LuaSourceLocation(file: "screens/home.lua", line: 3))
            #expect(error.traceback?.contains("stack traceback:") == true)
        }
        let r = try state.run("local ok, e = pcall(require('native.calc').failWith); return e.kind, e.status")
        #expect(r == ["http", 404])
    }

    @Test func swiftObjectsCreatedBeforeAFailureAreReleased() throws {
        let before = LiveCounter.live
        let r = try state.run("local ok, e = pcall(require('native.calc').fail); return ok, e", name: "@x.lua")
        #expect(r[0] == false)
        #expect(r[1].stringValue?.hasSuffix("could not frobnicate") == true)
        #expect(LiveCounter.live == before)
    }

    @Test func luaErrorsArriveWithFileLineAndTraceback() throws {
        do {
            try state.run("local function inner()\n  error('boom')\nend\ninner()", name: "@lib/util.lua")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "lib/util.lua:2: boom")
            #expect(error.location?.description == "lib/util.lua:2")
            #expect(error.traceback?.contains("lib/util.lua:4") == true)
            #expect(error.report.contains("stack traceback:"))
        }
        do {
            try state.run("error({ code = 7 })", name: "@t.lua")
            Issue.record("expected an error")
        } catch {
            #expect(error.value["code"] == 7)
            #expect(error.location?.description == "t.lua:1")
        }
        do {
            try state.run("local x = = 1", name: "@broken.lua")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.location?.description == "broken.lua:1")
        }
    }

    @Test func swiftCallsLuaModuleFunctions() throws {
        try state.run("package.loaded['util'] = { twice = function(x) return x * 2 end }")
        // Lua modules reached through require are callable by name from Swift.
        state.register(LuaModule("native.empty") { _ in })
        let fn = try state.run("return require('util').twice")[0]
        guard case .function(let f) = fn else { Issue.record("no function"); return }
        #expect(try state.call(f, 21, returning: Int.self) == 42)
        #expect(try state.call(module: "native.calc", function: "add", [1, 2]) == [3])
    }

    @Test func eventsReachListenersInOrderAndSurviveErrors() throws {
        var reported: [String] = []
        state.errorHandler = { reported.append($0.message) }
        try state.run("""
            local calc = require("native.calc")
            seen = {}
            calc.on("changed", function(v) seen[#seen + 1] = "a" .. v end)
            calc.on("changed", function() error("listener broke") end)
            token = calc.on("changed", function(v) seen[#seen + 1] = "c" .. v end)
            """, name: "@events.lua")
        state.emit(module: "native.calc", event: "changed", [1])
        #expect(try state.run("return token:remove(), token:remove()") == [true, false])
        state.emit(module: "native.calc", event: "changed", [2])
        #expect(try state.run("return table.concat(seen, ',')") == ["a1,c1,a2"])
        #expect(reported == ["events.lua:4: listener broke", "events.lua:4: listener broke"])
        let r = try state.run("return pcall(require('native.calc').on, 'nope', print)")
        #expect(r[1].stringValue?.contains("unknown event 'nope'") == true)
    }
}
