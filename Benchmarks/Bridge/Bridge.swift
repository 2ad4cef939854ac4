import BenchSupport
import Benchmark
import CBaselines
import CLunar
import LunarBridge

// Each measure pairs Lunar's path ("ours") with raw C doing the same work
// ("baseline") in the same run; Scripts/bench reports the ratio of medians.

let calls = 1_000_000

func makeState() -> LuaState {
    let state = try! LuaState()
    state.register(LuaModule("bench") { m in
        m.function("inc") { (x: Int) -> Int in x + 1 }
        m.function("typed") { (s: String, n: Double, t: LuaTableView) -> Int in s.utf8.count + Int(n) + 1 }
    })
    cbase_install(state.L)
    return state
}

func loop(_ state: LuaState, _ body: String, setup: String = "") -> LuaFunction {
    try! state.load("""
        local bench = require("bench")
        \(setup)
        local x = 0
        for i = 1, \(calls) do \(body) end
        return x
        """, name: "=bench")
}

func run(_ state: LuaState, _ chunk: LuaFunction) {
    blackHole(try! state.call(chunk, returning: Int.self))
}

/// A Lua loop pair: `body` with `ours` set up, against `body` with `baseline`.
func loopPair(_ body: String, ours: String, baseline: String) -> Pair {
    let oursState = makeState(), baselineState = makeState()
    let oursChunk = loop(oursState, body, setup: ours)
    let baselineChunk = loop(baselineState, body, setup: baseline)
    return Pair(ours: { run(oursState, oursChunk) }, baseline: { run(baselineState, baselineChunk) })
}

let benchmarks: @Sendable () -> Void = {
    pairedBenchmark("bridge.int_call") {
        loopPair("x = f(x)", ours: "local f = bench.inc", baseline: "local f = c_inc")
    }
    pairedBenchmark("bridge.typed_call") {
        loopPair("x = f('hello', 2.5, t)", ours: "local f = bench.typed local t = { 1 }", baseline: "local f = c_typed local t = { 1 }")
    }
    pairedBenchmark("bridge.lua_callback") {
        let ours = makeState()
        let fn = try! ours.load("return function(v) return v end", name: "=cb")
        let callback = try! ours.call(fn, returning: LuaFunction.self)
        let baseline = makeState()
        try! baseline.run("bench_cb = function(v) return v end")
        lua_getglobal(baseline.L, "bench_cb")
        let ref = luaL_ref(baseline.L, lunar_registryindex())
        return Pair(
            ours: {
                var sum = 0
                for i in 1...calls { sum &+= try! ours.call(callback, i, returning: Int.self) }
                blackHole(sum)
            },
            baseline: { blackHole(cbase_call_loop(baseline.L, ref, Int32(calls))) })
    }
}
