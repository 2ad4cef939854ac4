// Costs of the bridge's object and Codable layers, each against the plain
// typed bridge doing the same job in the same run.
import BenchSupport
import Benchmark
import LunarBridge

/// A class with a property, so `__index` goes through Swift.
final class BenchCounter: LuaObject {
    var count = 0
    static func describe(_ luaClass: inout LuaClassBuilder<BenchCounter>) {
        luaClass.method("add") { (counter: BenchCounter, amount: Int) -> Int in
            counter.count &+= amount
            return counter.count
        }
        luaClass.property("count", \.count)
    }
}

struct BenchPoint: LuaCodable {
    var x: Int
    var y: Int
}

/// The typed-bridge baselines: the same work without objects or Codable.
let baselines = LuaModule("native.bench") { m in
    m.function("add") { (value: Int, amount: Int) -> Int in value &+ amount }
    m.function("count") { () -> Int in 7 }
    m.function("moveValue") { (p: LuaValue) -> LuaValue in
        ["x": .integer((p["x"].intValue ?? 0) + 1), "y": p["y"]]
    }
}

let extras = LuaModule("native.extras") { m in
    m.function("movePoint") { (p: BenchPoint) -> BenchPoint in BenchPoint(x: p.x + 1, y: p.y) }
}

/// Calls the Lua loop makes per sample and side (milliseconds of work, so the caches are warm).
let callsPerIteration = 20_000

/// A state with the bench modules and a counter, and the loop compiled from `body`.
func prepare(_ body: String) throws -> (LuaState, LuaFunction) {
    let state = try LuaState()
    state.register(baselines)
    state.register(extras)
    state.setGlobal("counter", BenchCounter())
    _ = try state.run("bench = require('native.bench'); extras = require('native.extras')", name: "=setup")
    let loop = try state.load("local n = 0\nfor i = 1, \(callsPerIteration) do \(body) end\nreturn n", name: "=bench")
    return (state, loop)
}

func running(_ body: String) -> () -> Void {
    guard let (state, loop) = try? prepare(body) else { fatalError("benchmark set-up failed") }
    return { blackHole(try? state.callReturningAll(loop, [])) }
}

func paired(_ name: String, ours: String, baseline: String) {
    pairedBenchmark(name, samples: 100, maxSeconds: 4) { Pair(ours: running(ours), baseline: running(baseline)) }
}

let benchmarks: @Sendable () -> Void = {
    paired("bridge_extras.method_call", ours: "n = counter:add(1)", baseline: "n = bench.add(n, 1)")
    paired("bridge_extras.property_read", ours: "n = counter.count", baseline: "n = bench.count()")
    paired("bridge_extras.codable_argument", ours: "n = extras.movePoint({x = i, y = 2}).x", baseline: "n = bench.moveValue({x = i, y = 2}).x")
}
