import Foundation
import LunarBridge
import LunarTestSupport
import Testing

/// `LuaDebugger` on one engine: where the cheap hook must still turn line events on, and what
/// a stop must not disturb. Each stop is recorded (its top line) and continued at once.
@Suite(.timeLimit(.minutes(1))) struct LuaDebuggerTests {
    /// Runs `source` as `@test.lua` with breakpoints on `lines`; returns the line of every stop.
    func stops(_ source: String, at lines: [Int], budget: Int? = nil,
               whileStopped: @escaping @Sendable (LuaDebugger) -> Void = { _ in }) async throws -> [Int] {
        try await stopsWithReasons(source, at: lines, budget: budget, whileStopped: whileStopped).map(\.line)
    }

    /// The same, with each stop's reason; `exceptions`: which errors stop (uncaught, all).
    /// `native.pauser.pause()` asks for a pause from inside the script.
    func stopsWithReasons(_ source: String, at lines: [Int], budget: Int? = nil, exceptions: (Bool, Bool) = (false, false),
                          whileStopped: @escaping @Sendable (LuaDebugger) -> Void = { _ in }) async throws -> [Stop] {
        let engine = try LuaEngine(options: LuaStateOptions(instructionBudget: budget))
        let executor = engine.executor
        let debugger = await engine.withState { state in LuaDebugger(state: state, executor: executor) }
        await engine.register(LuaModule("native.pauser") { m in
            m.function("pause") { () in debugger.pause() }
        })
        let log = SharedLog<Stop>()
        debugger.onEvent = { event in
            guard case .stopped(let reason) = event else { return }
            log.append(Stop(line: debugger.frames().first?.line ?? -1, reason: reason))
            whileStopped(debugger)
            debugger.resume(.continue)
        }
        await engine.withState { _ in
            debugger.attach()
            debugger.setBreakpoints(lines.map { LuaBreakpoint(line: $0) }, inChunk: "@test.lua")
            debugger.setExceptionBreaks(uncaught: exceptions.0, all: exceptions.1)
        }
        _ = try? await engine.withState { state in try state.run(source, name: "@test.lua") }
        await engine.waitUntilIdle()
        return log.take()
    }

    struct Stop: Sendable, Equatable {
        var line: Int
        var reason: LuaStopReason
    }

    @Test func aPauseAskedForWhileLuaRunsStopsAtItsNextLineOnce() async throws {
        let source = """
            local n = 0
            require("native.pauser").pause()
            for i = 1, 3 do
              n = n + i
            end
            return n
            """
        #expect(try await stopsWithReasons(source, at: []) == [Stop(line: 3, reason: .pause)])
    }

    @Test func uncaughtErrorsStopWhereRaisedAndAllErrorsAlsoStopWherePcallCatches() async throws {
        let source = """
            local ok = pcall(function()
              error("caught")
            end)
            local t = nil
            return t.field
            """
        let uncaught = try await stopsWithReasons(source, at: [], exceptions: (true, false))
        #expect(uncaught.map(\.line) == [5])
        #expect(uncaught.first.map { if case .exception(let m) = $0.reason { m.contains("test.lua:5:") } else { false } } == true)
        let all = try await stopsWithReasons(source, at: [], exceptions: (true, true))
        #expect(all.map(\.line) == [2, 5])
        #expect(try await stopsWithReasons(source, at: []).isEmpty)
    }

    @Test func aBreakpointAfterAnErrorCaughtInTheSameFunctionStillStops() async throws {
        let source = """
            local function f()
              pcall(function() error("caught") end)
              local a = 1
              return a
            end
            for _ = 1, 3 do f() end
            """
        #expect(try await stops(source, at: [3]) == [3, 3, 3])
    }

    @Test func aBreakpointAfterALeafCallAndInACoroutineAfterAYield() async throws {
        let source = """
            local function leaf(x) return x + 1 end
            local function g()
              local y = leaf(tostring(1) and 1)
              return y
            end
            local co = coroutine.wrap(function()
              coroutine.yield(g())
              local z = 3
              return z
            end)
            co()
            co()
            """
        #expect(try await stops(source, at: [4, 8]) == [4, 8])
    }

    @Test func functionsWithoutBreakpointsRunWithoutStopsAndTheStopDoesNotSpendTheBudget() async throws {
        // 100 KB built while stopped charges about 22 000 instructions: three are more than the
        // whole budget, so they are not charged to the stopped call; each has a budget of its own.
        let source = """
            local function other(n) local s = 0 for i = 1, n do s = s + i end return s end
            local function target(v)
              return v * 2
            end
            local total = other(100) + target(1)
            return total
            """
        let stops = try await stops(source, at: [3], budget: 50_000) { debugger in
            let frame = debugger.frames().first?.id
            for _ in 1...3 {
                #expect((try? debugger.evaluate("#string.rep('x', 100000)", frame: frame).get().value) == "100000")
            }
            #expect((try? debugger.evaluate("v + 1", frame: frame).get().value) == "2")
        }
        #expect(stops == [3])
    }

    @Test func anExpressionThatLoopsInAStopEndsUnderTheBudgetAndTheScriptGoesOn() async throws {
        let source = """
            local function target(v)
              return v * 2
            end
            result = target(1) + target(2)
            """
        let outcome = SharedLog<String>()
        let stops = try await stops(source, at: [2], budget: 100_000) { debugger in
            let frame = debugger.frames().first?.id
            switch debugger.evaluate("while true do end", frame: frame) {
            case .success(let value): outcome.append("success \(value.value)")
            case .failure(let error): outcome.append(error.message)
            }
            outcome.append((try? debugger.evaluate("v", frame: frame).get().value) ?? "no value")
        }
        #expect(stops == [2, 2])
        let messages = outcome.take()
        #expect(messages.count == 4)
        #expect(messages.first?.contains("instruction budget exceeded") == true, "\(messages)")
        #expect(messages.first?.contains("(debug):1:") == true, "\(messages)")
        #expect(Array(messages.dropFirst().prefix(1)) == ["1"])
    }

    @Test func framesReferencesAndPagesOfAnySizeDoNotTrap() async throws {
        let source = """
            local function target(v)
              local t = { 1, 2, 3 }
              return v * 2
            end
            return target(1)
            """
        let counts = SharedLog<Int>()
        let stops = try await stops(source, at: [3]) { debugger in
            for frame in [Int.min, -1, 0, Int(Int32.max) + 2, Int.max] {
                counts.append(debugger.variables(of: debugger.scope(.locals, frame: frame)).count)
                #expect((try? debugger.evaluate("1", frame: frame).get().value) != nil)
            }
            let locals = debugger.scope(.locals, frame: 1)
            counts.append(debugger.variables(of: locals, start: Int.max, count: Int.max).count)
            counts.append(debugger.variables(of: locals, start: -1, count: Int.min).count)
            counts.append(debugger.variables(of: Int.max, start: 0, count: 0).count)
            debugger.setBreakpoints([LuaBreakpoint(line: Int.max), LuaBreakpoint(line: Int.min)], inChunk: "@test.lua")
            counts.append(debugger.variables(of: locals).count)
        }
        #expect(stops == [3])
        #expect(counts.take() == [0, 0, 0, 0, 0, 0, 0, 0, 2])
    }

    /// Frames are named as Lua's own tracebacks name them (issue 30): by the module that holds
    /// the function (a global's `function 'helper'`), else by how the caller reached it, else
    /// `main chunk`, else where it is defined. Before, a field function was `run` and one called
    /// from C was `?`.
    @Test func framesAreNamedAsLuasTracebacksNameThem() async throws {
        let source = """
            local Account = {}
            Account.__index = Account
            local t = { run = function()
              local x = 1
              return x
            end }
            function Account:save()
              local v = t.run()
              return v
            end
            function helper()
              local v = setmetatable({}, Account):save()
              return v
            end
            local function f()
              local v = helper()
              return v
            end
            local function g()
              local v = f()
              return v
            end
            local v = g()
            local ok = pcall(function()
              local w = 1
              return w
            end)
            return v, ok
            """
        let names = SharedLog<[String]>()
        let stops = try await stops(source, at: [4, 25]) { debugger in
            names.append(debugger.frames().map { "\($0.name) :\($0.line)" })
        }
        #expect(stops == [4, 25])
        #expect(names.take() == [
            ["field 'run' :4", "method 'save' :8", "function 'helper' :12", "upvalue 'f' :16", "local 'g' :20", "main chunk :23"],
            ["function <test.lua:24> :25", "main chunk :24"],
        ])
    }

    @Test func codeLinesListEveryFunctionsLinesAndNoBlankOnes() async throws {
        let engine = try LuaEngine()
        let executor = engine.executor
        let lines = await engine.withState { state in
            LuaDebugger(state: state, executor: executor).codeLines(of: Data("""
                -- a comment
                local t = {}

                function t.f(a)
                  local b = a
                  return b
                end
                return t
                """.utf8), chunk: "@lines.lua")
        }
        #expect(lines == [2, 4, 5, 6, 7, 8])
    }
}
