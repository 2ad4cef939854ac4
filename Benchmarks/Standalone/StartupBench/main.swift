// Start-up and memory figures (Scripts/bench runs it after the package-benchmark suites):
//   startup.first_render ratio=<ours/baseline> ms=<ours> baseline_ms=<lua5.4 -e ''>
//     `lunar run Examples/Showcase --headless` as a whole process, from spawn to its first screen
//     printed, against `lua5.4 -e ''` from spawn to exit; paired samples, medians.
//   memory.runtime_kib ratio=<ours/baseline> ours=<KiB> baseline=<KiB> modules=<n>
//     the Lua heap of a runtime started on one empty screen after requiring every `lunar.*`
//     module, against a bare LuaState (the standard libraries), both after a full collection.
// Usage: StartupBench LUNAR_BINARY
import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarRuntime
import StandaloneSupport

/// Prints a line at once (standard output may be a file).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

// Benchmarks/Standalone/StartupBench/main.swift -> the package root.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let showcase = root.appendingPathComponent("Examples/Showcase")
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: StartupBench LUNAR_BINARY\n".utf8))
    exit(2)
}
let lunar = CommandLine.arguments[1]
let lua = "/usr/bin/lua5.4"
// Every run starts from the same (empty) storage, so the showcase opens on the same screen.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-startup-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }
setenv("XDG_DATA_HOME", scratch.path, 1)
setenv("XDG_CACHE_HOME", scratch.path, 1)

/// Milliseconds from spawning `lunar run` until its first screen is printed (the headless
/// snapshot ends with a blank line).
func firstRender() throws -> Double {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    let start = now()
    let child = try ChildProcess(lunar, ["run", showcase.path, "--headless"], standardOutput: ends[1])
    close(ends[1])
    var seen: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var elapsed: Double?
    // The first screen is complete at the blank line after it, or when the run ends (standard
    // input is empty, so it prints the screen and exits).
    while elapsed == nil {
        let count = read(ends[0], &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        let ended = count <= 0
        if !ended { seen += buffer[0..<count] }
        if let text = String(bytes: seen, encoding: .utf8), text.hasPrefix("== "), ended || text.contains("\n\n") { elapsed = now() - start }
        if ended { break }
    }
    close(ends[0])
    child.wait()
    guard let elapsed else {
        throw NSError(domain: "StartupBench", code: 1, userInfo: [NSLocalizedDescriptionKey:
            "`lunar run` printed no screen: \(String(decoding: seen, as: UTF8.self))"])
    }
    return elapsed
}

/// Milliseconds from spawning `lua5.4 -e ''` until it exits.
func bareLua() throws -> Double {
    let start = now()
    let child = try ChildProcess(lua, ["-e", ""])
    child.wait()
    return now() - start
}

var pairs: [(ratio: Double, ours: Double, baseline: Double)] = []
_ = try firstRender()  // warms the file cache for both binaries' libraries
for sample in 0..<21 {
    // Alternating which side goes first, so neither always runs in the other's wake.
    let ours: Double, baseline: Double
    if sample % 2 == 0 {
        ours = try firstRender()
        baseline = try bareLua()
    } else {
        baseline = try bareLua()
        ours = try firstRender()
    }
    pairs.append((ours / baseline, ours, baseline))
}
say(String(format: "startup.first_render ratio=%.1f ms=%.1f baseline_ms=%.2f",
           median(pairs.map(\.ratio)), median(pairs.map(\.ours)), median(pairs.map(\.baseline))))

/// The Lua heap after two full collections (the second frees what the first's finalizers left).
enum Heap {
    static func collected(_ state: LuaState) throws -> Int {
        _ = try state.run("collectgarbage('collect'); collectgarbage('collect')")
        return state.memoryInUse
    }
}

let bare = try LuaState()
let baselineBytes = try Heap.collected(bare)
// The runtime alone: a bundle of one empty screen, so no app code or state is counted.
let empty = scratch.appendingPathComponent("empty")
try FileManager.default.createDirectory(at: empty.appendingPathComponent("screens"), withIntermediateDirectories: true)
try #"{"name": "empty", "version": "1.0.0", "entry": "/home", "routes": {"/home": "screens.home"}}"#
    .write(to: empty.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
try #"return { render = function() return require("lunar.ui").Column {} end }"#
    .write(to: empty.appendingPathComponent("screens/home.lua"), atomically: true, encoding: .utf8)
var options = RuntimeOptions()
options.storageDirectory = scratch.appendingPathComponent("storage")
let runtime = try LunarRuntime(bundle: ScriptBundle(directory: empty), options: options)
try await runtime.start(renderer: HeadlessRenderer())
await runtime.waitUntilIdle()
let (oursBytes, modules) = try await runtime.withHost { _, state in
    let names = state.moduleNames.filter { $0.hasPrefix("lunar.") }
    let require = try state.load("require(...)", name: "=bench")
    for name in names { _ = try state.callReturningAll(require, [.string(name)]) }
    return (try Heap.collected(state), names.count)
}
say(String(format: "memory.runtime_kib ratio=%.2f ours=%.1f baseline=%.1f modules=%d",
           Double(oursBytes) / Double(baselineBytes), Double(oursBytes) / 1024, Double(baselineBytes) / 1024, modules))
