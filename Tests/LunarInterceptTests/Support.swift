import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport

/// A bundle written to a temporary directory by a test.
struct Bundle {
    let directory: BundleDirectory
    var root: URL { directory.root }

    init(routes: [String: String] = ["/home": "screens.home"], files: [String: String]) throws {
        directory = try BundleDirectory(prefix: "lunar-intercept", files: files.merging(["manifest.json": BundleDirectory.manifest(routes: routes)]) { old, _ in old })
    }

    func write(_ path: String, _ text: String) throws { try directory.write(path, text) }

    func remove() { directory.remove() }

    /// A headless runtime on the virtual clock with `native.probe` (`mark(s)`
    /// appends to `marks`) and `native.calc`; not started when `entry` is false.
    func runtime(marks: SharedLog<String> = SharedLog(), errors: SharedLog<String> = SharedLog(), start: Bool = true) async throws -> LunarRuntime {
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: root), options: RuntimeOptions(clock: .virtual))
        await runtime.register(LuaModule("native.probe") { m in
            m.function("mark") { (text: String) in marks.append(text) }
        })
        await runtime.register(Calc.module)
        await runtime.onScriptError { error in errors.append(error.report) }
        if start { _ = try await runtime.startHeadless() }
        return runtime
    }
}

/// `native.calc`: small functions to intercept.
enum Calc {
    static let module = LuaModule("native.calc") { m in
        m.function("add") { (a: Int, b: Int) -> Int in a + b }
        m.function("getN") { (t: [String: Int]) -> Int in t["n"] ?? -1 }
        m.function("fail") { () throws -> Int in throw LuaError.message("nope") }
        m.function("pair") { () -> (Int, String) in (1, "two") }
        m.function("later") { (x: Int) async throws -> Int in x * 2 }
    }
}

extension LunarRuntime {
    /// Runs Lua in the runtime's state and returns its results.
    func lua(_ code: String) async throws -> [LuaValue] {
        try withHost { _, state in try state.run(code, name: "=test") }
    }
}

/// A screen that marks each lifecycle step through `native.probe`.
func markingScreen(_ name: String, extra: String = "") -> String {
    """
    local ui = require("lunar.ui")
    local probe = require("native.probe")
    local screen = { title = "\(name)" }
    for _, m in ipairs({ "load", "bindViewModel", "configNavigation", "willAppear", "didAppear", "willDisappear", "didDisappear", "unload" }) do
      screen[m] = function(self) probe.mark("\(name)." .. m) end
    end
    function screen:render()
      return ui.Column { ui.Text("\(name)") }
    end
    \(extra)
    return screen
    """
}

/// Runs the built `lunar` binary (it sits beside the test bundle).
enum LunarProcess {
    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lunar")
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}

extension LunarRuntime {
    func run(_ commands: HeadlessCommand...) async throws {
        for command in commands { try await perform(command) }
    }
}
