import Foundation

/// A Lua state confined to its own serial executor: the host-facing handle.
///
/// Every call into Lua runs on the engine's ``LuaExecutor`` (the actor's
/// executor), so calls from any thread or task hop onto it. Asynchronous
/// bridged functions complete elsewhere and hop back; timers fire there too.
public actor LuaEngine {
    /// The executor every Lua call runs on.
    public nonisolated let executor: LuaExecutor
    /// The state; only touch it inside the engine's isolation.
    public let state: LuaState

    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Creates an engine.
    /// - Parameters:
    ///   - options: memory cap, instruction budget, sandbox.
    ///   - clock: `.virtual` makes timers wait for ``advance(by:)`` (tests).
    ///   - moduleRoot: the directory `require` resolves inside.
    ///   - hostDriven: nil: the engine's executor has a thread of its own; set: the host runs
    ///     the executor on its thread (an app's main thread), see ``LuaExecutor/init(hostDriven:clock:)``.
    public init(options: LuaStateOptions = LuaStateOptions(), clock: LuaClock = .realTime, moduleRoot: URL? = nil,
                hostDriven: LuaExecutor.WakeUp? = nil) throws {
        let executor = hostDriven.map { LuaExecutor(hostDriven: $0, clock: clock) } ?? LuaExecutor(clock: clock)
        self.executor = executor
        let state = try LuaState(options: options)
        state.asyncDriver = executor
        if let moduleRoot { state.moduleLoader = LuaDirectoryLoader(root: moduleRoot) }
        self.state = state
    }

    // The state is confined to the executor: its thread stops and lets go of its work first
    // (`shutdownForOwner`). Not an `isolated deinit`: with one, Swift 6.3.1 fails optimized
    // builds of dependent modules ("circular reference").
    deinit { executor.shutdownForOwner() }

    /// Runs `body` on the executor with the state.
    public func withState<T: Sendable>(_ body: @Sendable (LuaState) throws -> T) rethrows -> T {
        try body(state)
    }

    /// Makes a module available to `require`.
    public func register(_ module: LuaModule) { state.register(module) }

    /// Runs a chunk to completion synchronously (it cannot await).
    @discardableResult
    public func run(_ source: String, name: String = "=(string)") throws(LuaScriptError) -> [LuaValue] {
        try state.run(source, name: name)
    }

    /// Runs a chunk as a managed coroutine, so bridged async functions can be
    /// awaited at its top level; returns when the chunk finishes (not when
    /// the callbacks and timers it started do: see ``waitUntilIdle()``).
    @discardableResult
    public func runMain(_ source: String, name: String) async throws(LuaScriptError) -> [LuaValue] {
        try await runMain(state.load(source, name: name))
    }

    /// Runs a file as the main chunk; its chunk name is the path relative to
    /// the module root when inside it. The file is read as bytes, as Lua reads
    /// a file: a comment or string literal need not be UTF-8.
    @discardableResult
    public func runFile(_ url: URL) async throws -> [LuaValue] {
        let data = try Data(contentsOf: url)
        if data.starts(with: LuaModuleChunk.binarySignature) {
            throw LuaStateError("\(url.path): a binary chunk (only Lua text is run)")
        }
        var name = url.path
        if let root = (state.moduleLoader as? LuaDirectoryLoader)?.root.path, name.hasPrefix(root + "/") {
            name = String(name.dropFirst(root.count + 1))
        }
        return try await runMain(state.load(data, name: "@" + name))
    }

    private func runMain(_ chunk: LuaFunction) async throws(LuaScriptError) -> [LuaValue] {
        let result: Result<[LuaValue], LuaScriptError> = await withCheckedContinuation { continuation in
            state.spawn(chunk) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Returns once no job, timer or asynchronous call is pending.
    public func waitUntilIdle() async { await executor.idle() }

    /// Virtual clock only: moves time forward, firing due timers in order,
    /// and returns after the jobs they queued have run.
    public func advance(by seconds: Double) async { await executor.advanceAndDrain(by: seconds) }
}
