import BenchSupport
import Benchmark
import CBaselines
import CLunar
import LunarBridge

// Lunar's budgeted string patterns ("ours") against Lua's own string library
// ("baseline"), each in a state of its own, on the same typical work: whitespace
// clean-up, key=value extraction, trimming, plain and pattern find, template
// expansion. Scripts/bench reports the median of paired ratios.

let workload = #"""
local lib = _G[...]  -- "string" or "stock"
local find, match, gmatch, gsub = lib.find, lib.match, lib.gmatch, lib.gsub
local text = ("GET /api/users?id=42&name=ann HTTP/1.1\r\n  Key = value;  The quick brown fox. "):rep(20)
local vars = { user = "ann", id = "42" }
return function()
  local n = 0
  for _ = 1, 100 do
    n = n + select(2, gsub(text, "%s+", " "))
    for _, v in gmatch(text, "(%w+)=(%w+)") do n = n + #v end
    n = n + #match("   padded value   ", "^%s*(.-)%s*$")
    n = n + find(text, "fox", 1, true) + find(text, "%d+") + (find(text, "^GET ") or 0)
    n = n + #gsub("hello $user, your id is $id", "%$(%w+)", vars)
    n = n + #(match(text, "(%a+)%.%s*$") or "")
  end
  return n
end
"""#

func makeWork(library: String) -> (LuaState, LuaFunction) {
    let state = try! LuaState()
    lua_pushcclosure(state.L, cbase_open_stock_string, 0)
    guard lunar_pcall(state.L, 0, 0) == LUA_OK else { fatalError("cbase_open_stock_string failed") }
    let chunk = try! state.load(workload, name: "=patterns")
    return (state, try! state.call(chunk, library, returning: LuaFunction.self))
}

func working(library: String) -> () -> Void {
    let (state, work) = makeWork(library: library)
    return { blackHole(try! state.call(work, returning: Int.self)) }
}

let benchmarks: @Sendable () -> Void = {
    pairedBenchmark("patterns.typical", samples: 30) {
        Pair(ours: working(library: "string"), baseline: working(library: "stock"))
    }
}
