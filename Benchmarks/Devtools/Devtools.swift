import BenchSupport
import Benchmark
import Foundation
import LunarBridge
import LunarBundle
import LunarDevtools
import LunarHeadlessHost
import LunarRuntime
import LunarWeb

// devtools.closed_overhead: the bridge's int_call workload (a million calls of a bridged
// `inc` from a Lua loop) in a runtime whose inspector server is listening, with an inspector
// page opened and closed again before the samples, against the same workload in a runtime without one. The goal is at most 1.02:
// the inspector installs its hooks only while a page is open.

let calls = 1_000_000

/// A bundle of one empty screen, in a temporary directory.
func makeBundle() -> ScriptBundle {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-devtools-bench-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: root.appendingPathComponent("screens"), withIntermediateDirectories: true)
    try! #"{"name": "bench", "version": "1.0.0", "entry": "/home", "routes": {"/home": "screens.home"}}"#
        .write(to: root.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    try! #"local ui = require("lunar.ui") return { render = function() return ui.Text { "bench" } end }"#
        .write(to: root.appendingPathComponent("screens/home.lua"), atomically: true, encoding: .utf8)
    return try! ScriptBundle(directory: root)
}

/// A started runtime with `bench.inc` and the int_call loop loaded.
func makeRuntime(_ bundle: ScriptBundle) async -> (LunarRuntime, LuaFunction) {
    let runtime = try! LunarRuntime(bundle: bundle)
    await runtime.register(LuaModule("bench") { m in
        m.function("inc") { (x: Int) -> Int in x + 1 }
    })
    _ = try! await runtime.startHeadless()
    let chunk = try! await runtime.withHost { _, state in
        try state.load("""
            local f = require("bench").inc
            local x = 0
            for i = 1, \(calls) do x = f(x) end
            return x
            """, name: "=bench")
    }
    return (runtime, chunk)
}

func run(_ runtime: LunarRuntime, _ chunk: LuaFunction) async {
    let result = await runtime.withHost { _, state in try! state.call(chunk, returning: Int.self) }
    blackHole(result)
}

let benchmarks: @Sendable () -> Void = {
    pairedBenchmark("devtools.closed_overhead") { () async -> AsyncPair in
        let bundle = makeBundle()
        let (ours, oursChunk) = await makeRuntime(bundle)
        let devtools = try! await DevtoolsServer.start(runtime: ours, label: "bench")
        // An inspector opened and closed again: what it installed must all be gone.
        let page = await devtools.targets.connect(outbox: WebOutbox { _ in })
        await page.close()
        let (baseline, baselineChunk) = await makeRuntime(bundle)
        return AsyncPair(
            ours: {
                await run(ours, oursChunk)
                _ = devtools  // the server stays up, listening, for every sample
            },
            baseline: { await run(baseline, baselineChunk) })
    }
}
