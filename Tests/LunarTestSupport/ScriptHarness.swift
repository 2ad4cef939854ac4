import Foundation
import LunarBridge

/// A Lua engine with the script modules a test installs, in a private temporary folder (for the
/// storage file and the network cache), that collects what scripts print and the errors they
/// leave uncaught.
public struct ScriptHarness: Sendable {
    /// Puts the modules under test on the engine's state: the state, its executor, the folder.
    public typealias Installer = @Sendable (LuaState, LuaExecutor, URL) -> Void

    /// The engine the scripts run on.
    public let engine: LuaEngine
    /// The engine's module root, given to `install` (where a test keeps the store and the cache).
    public let folder: URL
    private let printed = SharedLog<String>()
    private let reported = SharedLog<LuaScriptError>()

    /// Creates the engine and runs `install` on its state; `folder` (a fresh temporary one
    /// unless given) is the engine's module root.
    public init(folder: URL? = nil, install: Installer) async throws {
        let folder = folder ?? temporaryFolder()
        self.folder = folder
        engine = try LuaEngine(moduleRoot: folder)
        let (printed, reported) = (printed, reported)
        let executor = engine.executor
        await engine.withState { state in
            install(state, executor, folder)
            state.output = { text in printed.append(text) }
            state.errorHandler = { error in reported.append(error) }
        }
    }

    /// Runs `source` as the main chunk (named `test.lua`), then waits until its requests,
    /// callbacks and timers are done; returns everything it printed.
    @discardableResult
    public func run(_ source: String) async throws -> String {
        let before = printed.text
        try await engine.runMain(source, name: "@test.lua")
        await engine.waitUntilIdle()
        return String(printed.text.dropFirst(before.count))
    }

    /// The errors reported so far (uncaught errors in callbacks, hooks and filters).
    public var errors: [LuaScriptError] { reported.all }
}
