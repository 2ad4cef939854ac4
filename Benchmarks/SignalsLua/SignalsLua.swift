// signals.lua_pipeline: map -> filter -> scan with the three functions written in Lua, over
// 100,000 integers sent from a Lua loop into a subject, into a Lua subscriber (ours); against the
// same three functions and the subscriber called directly in a plain Lua loop (baseline). Each
// side runs in its own state with the runtime's modules and ends with the same checksum.
import BenchSupport
import Benchmark
import LunarBridge
import LunarRuntime

private let count = 100_000

private let functions = """
    local signal = require("lunar.signal")
    local function triple(v) return v * 3 end
    local function even(v) return v % 2 == 0 end
    local function add(a, v) return a + v end
    """

private let ours = functions + "\n" + """
    local last = 0
    local s = signal.subject()
    local d = s:map(triple):filter(even):scan(0, add):subscribe(function(v) last = v end)
    for i = 1, \(count) do s:send(i) end
    d:dispose()
    return last
    """

private let baseline = functions + "\n" + """
    local last = 0
    local sink = function(v) last = v end
    local acc = 0
    for i = 1, \(count) do
      local v = triple(i)
      if even(v) then
        acc = add(acc, v)
        sink(acc)
      end
    end
    return last
    """

/// A state with the runtime's modules on a virtual-clock executor, and the chunk to measure.
private func prepare(_ source: String) -> (LuaState, LuaFunction, LuaExecutor) {
    let executor = LuaExecutor(clock: .virtual)
    let state = try! LuaState()
    state.asyncDriver = executor
    ScriptModules.install(on: state, executor: executor)
    return (state, try! state.load(source, name: "=bench"), executor)
}

/// One side of the pair: its state runs its chunk once per sample (the executor lives as long as the process).
private func running(_ source: String) -> () -> Void {
    let (state, chunk, _) = prepare(source)
    return { blackHole(try! state.call(chunk, returning: Int.self)) }
}

let benchmarks: @Sendable () -> Void = {
    pairedBenchmark("signals.lua_pipeline", samples: 30, maxSeconds: 10) {
        Pair(ours: running(ours), baseline: running(baseline))
    }
}
