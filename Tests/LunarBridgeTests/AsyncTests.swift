import Testing
@testable import LunarBridge
import LunarTestSupport

/// A slow service behind an async bridged function.
actor Oven {
    var baked: [String] = []
    func bake(_ item: String) async throws -> String {
        await Task.yield()
        guard item != "stone" else { throw LuaError.message("cannot bake \(item)") }
        baked.append(item)
        return "baked " + item
    }
}

@Suite struct AsyncTests {
    func engine() async throws -> LuaEngine {
        let engine = try LuaEngine()
        let oven = Oven()
        await engine.register(LuaModule("native.oven") { m in
            m.function("bake") { (item: String) async throws -> String in try await oven.bake(item) }
        })
        return engine
    }

    @Test func awaitedInsideTheMainCoroutine() async throws {
        let engine = try await engine()
        let r = try await engine.runMain("""
            local oven = require("native.oven")
            local a = oven.bake("bread")
            local b = oven.bake("pie")
            return a .. ", " .. b
            """, name: "@main.lua")
        #expect(r == ["baked bread, baked pie"])
    }

    @Test func awaitedErrorsRaiseAtTheCallSite() async throws {
        let engine = try await engine()
        let r = try await engine.runMain("""
            local oven = require("native.oven")
            local ok, e = pcall(oven.bake, "stone")
            local ok2, e2 = pcall(function()
              return oven.bake("stone")
            end)
            return ok, e, ok2, e2
            """, name: "@main.lua")
        #expect(r[0] == false)
        #expect(r[2] == false)
        #expect(r[3] == "main.lua:4: cannot bake stone")
        do {
            try await engine.runMain("require('native.oven').bake('stone')", name: "@top.lua")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "top.lua:1: cannot bake stone")
        }
    }

    @Test func callbackStyleDeliversResultOrError() async throws {
        let engine = try await engine()
        try await engine.run("""
            local oven = require("native.oven")
            results = {}
            oven.bake("cake", function(r, err) results[#results + 1] = tostring(r) .. "/" .. tostring(err) end)
            oven.bake("stone", function(r, err) results[#results + 1] = tostring(r) .. "/" .. tostring(err) end)
            """)
        await engine.waitUntilIdle()
        let r = try await engine.run("table.sort(results) return table.concat(results, ';')")
        #expect(r == ["baked cake/nil;nil/cannot bake stone"])
    }

    @Test func asyncOutsideACoroutineNeedsACallback() async throws {
        let engine = try await engine()
        do {
            try await engine.run("require('native.oven').bake('x')", name: "@sync.lua")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("'oven.bake' is asynchronous: pass a callback"))
            #expect(error.message.hasPrefix("sync.lua:1:"))
        }
    }

    @Test func virtualClockTimersFireInDeadlineOrder() async throws {
        let executor = LuaExecutor(clock: .virtual)
        defer { executor.shutdown() }
        let log = SharedLog<String>()
        executor.schedule(after: 2) { log.append("two") }
        executor.schedule(after: 1) { log.append("one") }
        let every = executor.schedule(after: 0.5, repeating: 0.5) { log.append("tick") }
        await executor.advanceAndDrain(by: 1.6)
        #expect(log.all == ["tick", "one", "tick", "tick"])
        #expect(executor.cancelTimer(every))
        #expect(!executor.isIdle)  // "two" is still pending
        executor.advance(by: 1)
        await executor.idle()
        #expect(log.all.last == "two")
    }
}

import Foundation

@Suite struct LifetimeTests {
    @Test func droppingTheEngineReleasesTheState() async throws {
        weak var weakState: LuaState?
        let executor: LuaExecutor
        do {
            let engine = try LuaEngine()
            executor = engine.executor
            try await engine.run("""
                local log = require("lunar.log")
                handler = function() end
                """)
            await engine.withState { state in
                state.register(LuaModule("native.ev") { m in m.event("tick") })
            }
            try await engine.run("token = require('native.ev').on('tick', handler)")
            weakState = await engine.withState { ExecutorBound($0) }.value
            #expect(weakState != nil)
        }
        // The engine's deinit runs on its executor, whose thread drops the state as it stops.
        #expect(executor.waitUntilStopped(timeout: 10))
        #expect(weakState == nil, "the state outlived its engine (a reference cycle)")
    }
}
