import BenchSupport
import Benchmark
import CBaselines
import CLunar
import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarIntercept
import LunarRuntime

// intercept.no_hooks: a bridged call loop and screen lifecycles (open + back)
//   ours:     the runtime as shipped: the interceptor layer present (the
//             default setup is an after-load hook; another function of the
//             module has a hook, so call interception is live), no hook on
//             the measured function or on any lifecycle step.
//   baseline: the same work without the layer doing anything: the default
//             setup removed and the screen calling bindViewModel and
//             configNavigation from its own load (the hard-coded order), no
//             hook anywhere. The per-call branch in the bridge and the
//             per-step emptiness check stay (they cannot be compiled out).
// intercept.one_lua_hook: a bridged call with one Lua after-hook, against
//   the same call followed by one plain Lua call of the same function.
// intercept.one_lua_hook_vs_pcall: the same hooked call, against the same
//   call followed by one protected Lua call (`pcall`) of the same function.
// intercept.c_protected_hook and intercept.c_plain_hook: the floor, with no
//   Swift anywhere: a C function (`x + 1`) that calls the same hook itself,
//   under lua_pcall with a message handler (as Lunar does) or under lua_call,
//   against the C function followed by one plain Lua call. What any after hook
//   run by the called function costs at least, protected or not.

let calls = 500_000
let screenCycles = 60

let screenSource = """
local ui = require("lunar.ui")
local screen = { title = "s" }
function screen:load(params) self.n = 0 %@ end
function screen:bindViewModel(params) self.n = self.n + 1 end
function screen:configNavigation() self.n = self.n + 1 end
function screen:willAppear() end
function screen:didAppear() end
function screen:willDisappear() end
function screen:didDisappear() end
function screen:unload() end
function screen:render() return ui.Column { ui.Text("s " .. self.n), ui.Button { title = "ok" } } end
return screen
"""

let benchModule = LuaModule("native.bench") { m in
    m.function("inc") { (x: Int) -> Int in x + 1 }
    m.function("other") { (x: Int) -> Int in x }
}

/// A started headless runtime over a bundle written to a temporary directory.
func makeRuntime(layer: Bool) async -> (LunarRuntime, LuaFunction) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-bench-intercept-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
    try! #"{ "name": "bench", "version": "1.0.0", "entry": "/home", "routes": { "/home": "screens.home", "/s": "screens.s" } }"#
        .write(to: root.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    let selfCalls = layer ? "" : "self:bindViewModel(params) self:configNavigation()"
    try! screenSource.replacingOccurrences(of: "%@", with: selfCalls)
        .write(to: root.appendingPathComponent("screens/s.lua"), atomically: true, encoding: .utf8)
    try! screenSource.replacingOccurrences(of: "%@", with: selfCalls)
        .write(to: root.appendingPathComponent("screens/home.lua"), atomically: true, encoding: .utf8)
    let runtime = try! LunarRuntime(bundle: ScriptBundle(directory: root))
    await runtime.register(benchModule)
    _ = try! await runtime.startHeadless()
    try! await runtime.withInterceptors { intercept in
        if layer {
            try intercept.call("native.bench", "other", .after { _, _ in })
        } else {
            intercept.defaultSetup.remove()
        }
    }
    let chunk = try! await runtime.withHost { _, state in
        try state.load("""
            local f = require("native.bench").inc
            local x = 0
            for i = 1, \(calls) do x = f(x) end
            return x
            """, name: "=bench")
    }
    return (runtime, chunk)
}

func lifecyclesAndCalls(_ runtime: LunarRuntime, _ chunk: LuaFunction) async -> Int {
    await runtime.withHost { host, state in
        for _ in 0..<screenCycles {
            host.open("/s")
            host.back()
        }
        return try! state.call(chunk, returning: Int.self)
    }
}

/// A bare state with the runtime's modules, measured on the benchmark thread.
enum HookBaseline { case hooked, plainCall, protectedCall, cProtectedHook, cPlainHook, cPlainCall }

func makeState(_ kind: HookBaseline) -> (LuaState, LuaFunction) {
    let state = try! LuaState()
    ScriptModules.install(on: state, executor: LuaExecutor(clock: .virtual))
    state.register(benchModule)
    try! state.run("""
        hits = 0
        hook = function(ok, r) if ok then hits = hits + 1 end end
        \(kind == .hooked ? #"require("lunar.intercept").call("native.bench", "inc", "after", hook)"# : "")
        """, name: "=setup")
    cbase_install(state.L)
    lua_getglobal(state.L, "hook")
    cbase_install_hooked(state.L, luaL_ref(state.L, lunar_registryindex()))
    let (function, body) = switch kind {
    case .hooked: (#"require("native.bench").inc"#, "x = f(x)")
    case .plainCall: (#"require("native.bench").inc"#, "x = f(x) h(true, x)")
    case .protectedCall: (#"require("native.bench").inc"#, "x = f(x) pcall(h, true, x)")
    case .cProtectedHook: ("c_inc_protected_hook", "x = f(x)")
    case .cPlainHook: ("c_inc_plain_hook", "x = f(x)")
    case .cPlainCall: ("c_inc", "x = f(x) h(true, x)")
    }
    let chunk = try! state.load("""
        local f, h = \(function), hook
        local x = 0
        for i = 1, \(calls) do \(body) end
        return x
        """, name: "=bench")
    return (state, chunk)
}

/// A pair of bare states running the loop of `ours` and of `baseline`.
func statePair(_ ours: HookBaseline, _ baseline: HookBaseline) -> Pair {
    let (oursState, oursChunk) = makeState(ours)
    let (baselineState, baselineChunk) = makeState(baseline)
    return Pair(
        ours: { blackHole(try! oursState.call(oursChunk, returning: Int.self)) },
        baseline: { blackHole(try! baselineState.call(baselineChunk, returning: Int.self)) })
}

let benchmarks: @Sendable () -> Void = {
    pairedBenchmark("intercept.no_hooks") {
        let (ours, oursChunk) = await makeRuntime(layer: true)
        let (baseline, baselineChunk) = await makeRuntime(layer: false)
        return AsyncPair(
            ours: { blackHole(await lifecyclesAndCalls(ours, oursChunk)) },
            baseline: { blackHole(await lifecyclesAndCalls(baseline, baselineChunk)) })
    }
    pairedBenchmark("intercept.one_lua_hook") { statePair(.hooked, .plainCall) }
    pairedBenchmark("intercept.c_protected_hook") { statePair(.cProtectedHook, .cPlainCall) }
    pairedBenchmark("intercept.c_plain_hook") { statePair(.cPlainHook, .cPlainCall) }
    pairedBenchmark("intercept.one_lua_hook_vs_pcall") { statePair(.hooked, .protectedCall) }
}
