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

func measure(_ benchmark: Benchmark, _ state: LuaState, _ chunk: LuaFunction) {
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        blackHole(try! state.call(chunk, returning: Int.self))
    }
    benchmark.stopMeasurement()
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], warmupIterations: 2, maxDuration: .seconds(4), maxIterations: 25)

    Benchmark("bridge.int_call.ours") { benchmark in
        let state = makeState()
        measure(benchmark, state, loop(state, "x = f(x)", setup: "local f = bench.inc"))
    }
    Benchmark("bridge.int_call.baseline") { benchmark in
        let state = makeState()
        measure(benchmark, state, loop(state, "x = f(x)", setup: "local f = c_inc"))
    }
    Benchmark("bridge.typed_call.ours") { benchmark in
        let state = makeState()
        measure(benchmark, state, loop(state, "x = f('hello', 2.5, t)", setup: "local f = bench.typed local t = { 1 }"))
    }
    Benchmark("bridge.typed_call.baseline") { benchmark in
        let state = makeState()
        measure(benchmark, state, loop(state, "x = f('hello', 2.5, t)", setup: "local f = c_typed local t = { 1 }"))
    }
    Benchmark("bridge.lua_callback.ours") { benchmark in
        let state = makeState()
        let fn = try! state.load("return function(v) return v end", name: "=cb")
        let callback = try! state.call(fn, returning: LuaFunction.self)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var sum = 0
            for i in 1...calls { sum &+= try! state.call(callback, i, returning: Int.self) }
            blackHole(sum)
        }
        benchmark.stopMeasurement()
    }
    Benchmark("bridge.lua_callback.baseline") { benchmark in
        let state = makeState()
        try! state.run("bench_cb = function(v) return v end")
        lua_getglobal(state.L, "bench_cb")
        let ref = luaL_ref(state.L, lunar_registryindex())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(cbase_call_loop(state.L, ref, Int32(calls)))
        }
        benchmark.stopMeasurement()
    }
}
