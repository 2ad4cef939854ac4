import Foundation
import LunarBridge
import LunarRuntime
import LunarTestSupport

/// A Lua engine with the runtime's script modules, its storage and network cache in a private
/// temporary folder, that collects what scripts print and the errors they leave uncaught.
struct ScriptHarness: Sendable {
    let engine: LuaEngine
    let folder: URL
    private let printed = SharedLog<String>()
    private let reported = SharedLog<LuaScriptError>()

    /// Creates the engine; `folder` (a fresh temporary one unless given) holds the storage file.
    init(folder: URL? = nil) async throws {
        let folder = folder ?? Self.temporaryFolder()
        self.folder = folder
        engine = try LuaEngine(moduleRoot: folder)
        let (printed, reported) = (printed, reported)
        let executor = engine.executor
        await engine.withState { state in
            ScriptModules.install(on: state, executor: executor, storageDirectory: folder)
            state[extension: ScriptNetwork.self]?.client.configuration.cacheDirectory = folder.appendingPathComponent("http-cache")
            state.output = { text in printed.append(text) }
            state.errorHandler = { error in reported.append(error) }
        }
    }

    /// Runs `source` as the main chunk (named `test.lua`), then waits until its requests,
    /// callbacks and timers are done; returns everything it printed.
    @discardableResult
    func run(_ source: String) async throws -> String {
        let before = printed.text
        try await engine.runMain(source, name: "@test.lua")
        await engine.waitUntilIdle()
        return String(printed.text.dropFirst(before.count))
    }

    /// The errors reported so far (uncaught errors in callbacks, hooks and filters).
    var errors: [LuaScriptError] { reported.all }

    /// A fresh, empty folder under the temporary directory.
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-runtime-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

