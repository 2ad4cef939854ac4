// signals.lua_pipeline: map -> filter -> scan with the three functions written in Lua, over
// 100,000 integers sent from a Lua loop into a subject, into a Lua subscriber (ours); against the
// same three functions and the subscriber called directly in a plain Lua loop (baseline). Both
// run in one `lunar.signal` state and end with the same checksum.
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

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput],
        timeUnits: .milliseconds,
        warmupIterations: 2,
        scalingFactor: .one,
        maxDuration: .seconds(10),
        maxIterations: 30
    )

    for (name, source) in [("signals.lua_pipeline.ours", ours), ("signals.lua_pipeline.baseline", baseline)] {
        Benchmark(name, configuration: configuration) { benchmark in
            let (state, chunk, executor) = prepare(source)
            defer { executor.shutdown() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try! state.call(chunk, returning: Int.self))
            }
            benchmark.stopMeasurement()
        }
    }
}
