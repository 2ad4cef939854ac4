import BenchSupport
import Benchmark
import Foundation
import LunarBridge

// debug.attached_no_breakpoints: a Lua-heavy workload (tables built by a function per item,
//   ipairs loops, string building) in a state with a debugger attached and breakpoints set in
//   another file, against the same workload in a state with no debugger.
// debug.breakpoint_elsewhere: the same, with a breakpoint in a function of the workload's own
//   file that the workload never calls (the file's other functions are checked and run without
//   line events).
// What the attached side pays: Lua reports every call and return to the hook, which decides
// whether the function now running needs line events (none here).

let items = 2_000

let workload = """
local function item(i)
  return { id = i, title = "item " .. i, done = i % 3 == 0 }
end

local function count(list)
  local n = 0
  for _, v in ipairs(list) do
    if v.done then n = n + 1 end
  end
  return n
end

local function neverCalled(x)
  local y = x * 2
  return y
end

return function(n)
  local list = {}
  for i = 1, n do list[#list + 1] = item(i) end
  local total = 0
  for _ = 1, 10 do total = total + count(list) end
  local parts = {}
  for i = 1, #list, 10 do parts[#parts + 1] = list[i].title end
  local sum = 0
  for i = 1, n * 20 do sum = sum + (i % 7) * 2 end
  return total + #table.concat(parts, ",") + sum + (neverCalled and 0 or 1)
end
"""

/// A state with the workload loaded, a debugger attached when `breakpoints` is given.
func makeWorkload(breakpoints: [String: [Int]]?) -> (LuaState, LuaFunction, LuaDebugger?) {
    let state = try! LuaState()
    let chunk = try! state.load(workload, name: "@workload.lua")
    let run = try! state.call(chunk, returning: LuaFunction.self)
    guard let breakpoints else { return (state, run, nil) }
    // The bench thread is the state's only user: it stands in for the executor.
    let debugger = LuaDebugger(state: state, executor: LuaExecutor())
    debugger.attach()
    for (chunk, lines) in breakpoints {
        debugger.setBreakpoints(lines.map { LuaBreakpoint(line: $0) }, inChunk: chunk)
    }
    return (state, run, debugger)
}

func workloadPair(_ breakpoints: [String: [Int]]) -> Pair {
    let (ours, oursRun, debugger) = makeWorkload(breakpoints: breakpoints)
    let (baseline, baselineRun, _) = makeWorkload(breakpoints: nil)
    return Pair(
        ours: { withExtendedLifetime(debugger) { blackHole(try! ours.call(oursRun, items, returning: Int.self)) } },
        baseline: { blackHole(try! baseline.call(baselineRun, items, returning: Int.self)) }
    )
}

let benchmarks: @Sendable () -> Void = {
    pairedBenchmark("debug.attached_no_breakpoints") {
        workloadPair(["@screens/other.lua": [3, 12], "@viewmodels/else.lua": [7]])
    }
    pairedBenchmark("debug.breakpoint_elsewhere") {
        workloadPair(["@workload.lua": [15]])
    }
}
