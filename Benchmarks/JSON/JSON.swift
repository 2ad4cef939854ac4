// net.json_vs_cjson: decoding the same ~1 MB realistic API document (2,000 items with
// ids, prices, nested objects, arrays, escapes, surrogate pairs, raw UTF-8 and nulls)
// into Lua tables, each side in a Lua state of its own: Lunar's `json.decode` (ours) against Debian's
// lua-cjson `cjson.decode` (baseline). Each side of a sample decodes the document once
// and returns the item count.
import BenchSupport
import Benchmark
import CLunar
import Foundation
import LunarBridge

/// Where Debian's lua-cjson package installs its Lua 5.4 module.
private let cjsonLibrary = "/usr/lib/x86_64-linux-gnu/lua/5.4/cjson.so"

/// Builds the document deterministically (a fixed linear congruential sequence).
private let documentGenerator = #"""
local seed = 42
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
end
local words = { "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
  "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango" }
local places = { { "Zürich", "CH" }, { "São Paulo", "BR" }, { "東京", "JP" }, { "Москва", "RU" },
  { "Αθήνα", "GR" }, { "Oslo", "NO" }, { "Kraków", "PL" }, { "Montréal", "CA" } }
local function text(n)
  local t = {}
  for i = 1, n do t[i] = words[rand(#words) + 1] end
  return table.concat(t, " ")
end
local items = {}
for i = 1, 2000 do
  local place = places[rand(#places) + 1]
  items[i] = string.format(
    '{"id":%d,"sku":"SKU-%06d","name":"%s","price":%d.%02d,"currency":"EUR","inStock":%s,"rating":%d.%d,' ..
    '"reviews":%d,"tags":["%s","%s","%s"],"seller":{"id":%d,"name":"%s","verified":%s,' ..
    '"location":{"city":"%s","country":"%s"}},"dimensions":{"width":%d.%d,"height":%d.%d,"depth":%d.%d},' ..
    '"description":"%s \\"%s\\" caf\\u00e9 \\ud83d\\ude00 %s","createdAt":"2024-%02d-%02dT%02d:%02d:00Z",' ..
    '"discount":%s,"images":[{"url":"https://cdn.example.com/img/%d.jpg","width":640,"height":480}]}',
    100000 + i, i, text(2), rand(500), rand(100), rand(2) == 0 and "true" or "false", rand(5), rand(10),
    rand(10000), words[rand(#words) + 1], words[rand(#words) + 1], words[rand(#words) + 1],
    rand(1000), text(2), rand(2) == 0 and "true" or "false", place[1], place[2],
    rand(100), rand(100), rand(100), rand(100), rand(100), rand(100),
    text(4), text(1), text(3), rand(12) + 1, rand(28) + 1, rand(24), rand(60),
    rand(3) == 0 and "null" or tostring(rand(50)), i)
end
return '{"data":{"items":[' .. table.concat(items, ",") ..
  '],"total":2000,"page":1,"pageSize":2000},"meta":{"generatedBy":"lunar-bench","version":"1.0"}}'
"""#

/// A state with `lunar.json` (built in) and lua-cjson, loaded from its shared
/// object: the sandbox refuses `package.loadlib`, so the benchmark opens it itself.
private func makeState() -> LuaState {
    let state = try! LuaState()
    guard let handle = dlopen(cjsonLibrary, RTLD_NOW) else {
        fatalError("lua-cjson is not installed (apt-get install lua-cjson): \(String(cString: dlerror()))")
    }
    let open = unsafeBitCast(dlsym(handle, "luaopen_cjson"), to: lua_CFunction.self)
    lua_pushcclosure(state.L, open, 0)
    guard lunar_pcall(state.L, 0, 1) == LUA_OK else { fatalError("luaopen_cjson failed") }
    lua_setglobal(state.L, "cjson")
    let document = try! state.run(documentGenerator, name: "=document")[0]
    state.setGlobal("document", document)
    return state
}

/// A Lua function that decodes the document once with `decoder` and returns the item count.
private func decodeOnce(_ state: LuaState, with decoder: String) -> LuaFunction {
    try! state.call(
        state.load("local decode, document = \(decoder), document return function() return #decode(document).data.items end", name: "=bench"),
        returning: LuaFunction.self)
}

/// A state ready to decode the document with `decoder`, checked once.
private func decoding(with decoder: String) -> () -> Void {
    let state = makeState()
    let decode = decodeOnce(state, with: decoder)
    precondition(try! state.call(decode, returning: Int.self) == 2000)
    return { blackHole(try! state.call(decode, returning: Int.self)) }
}

let benchmarks: @Sendable () -> Void = {
    pairedBenchmark("net.json_vs_cjson", samples: 100, maxSeconds: 10) {
        Pair(ours: decoding(with: "require('lunar.json').decode"), baseline: decoding(with: "cjson.decode"))
    }
}
