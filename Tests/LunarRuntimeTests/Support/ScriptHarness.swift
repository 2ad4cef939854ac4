import Foundation
import LunarBridge
import LunarRuntime
import Synchronization

/// A Lua engine with the runtime's script modules, its storage and network cache in a private
/// temporary folder, that collects what scripts print and the errors they leave uncaught.
struct ScriptHarness: Sendable {
    let engine: LuaEngine
    let folder: URL
    private let box: LogBox

    /// Creates the engine; `folder` (a fresh temporary one unless given) holds the storage file.
    init(folder: URL? = nil) async throws {
        let folder = folder ?? Self.temporaryFolder()
        self.folder = folder
        engine = try LuaEngine(moduleRoot: folder)
        let box = LogBox()
        self.box = box
        let executor = engine.executor
        await engine.withState { state in
            ScriptModules.install(on: state, executor: executor, storageDirectory: folder)
            state[extension: ScriptNetwork.self]?.client.configuration.cacheDirectory = folder.appendingPathComponent("http-cache")
            state.output = { text in box.print(text) }
            state.errorHandler = { error in box.report(error) }
        }
    }

    /// Runs `source` as the main chunk (named `test.lua`), then waits until its requests,
    /// callbacks and timers are done; returns everything it printed.
    @discardableResult
    func run(_ source: String) async throws -> String {
        let before = box.printed
        try await engine.runMain(source, name: "@test.lua")
        await engine.waitUntilIdle()
        return String(box.printed.dropFirst(before.count))
    }

    /// The errors reported so far (uncaught errors in callbacks, hooks and filters).
    var errors: [LuaScriptError] { box.errors }

    /// A fresh, empty folder under the temporary directory.
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-runtime-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// What scripts printed and reported, written on the executor and read by the test.
final class LogBox: Sendable {
    private let state = Mutex<(printed: String, errors: [LuaScriptError])>(("", []))
    func print(_ text: String) { state.withLock { $0.printed += text } }
    func report(_ error: LuaScriptError) { state.withLock { $0.errors.append(error) } }
    var printed: String { state.withLock { $0.printed } }
    var errors: [LuaScriptError] { state.withLock { $0.errors } }
}
