import Foundation
import LunarBridge
import LunarRouter
import LunarUI

/// Options for a runtime.
public struct RuntimeOptions: Sendable {
    /// Memory cap, instruction budget and sandbox for the bundle's scripts.
    public var lua: LuaStateOptions
    /// `.virtual` makes timers wait for `advance(by:)` (tests).
    public var clock: LuaClock

    public init(lua: LuaStateOptions = LuaStateOptions(memoryLimit: 256 << 20, instructionBudget: 200_000_000),
                clock: LuaClock = .realTime) {
        self.lua = lua
        self.clock = clock
    }
}

/// A running script bundle: one Lua state on one executor, the bridge
/// modules, the router, the screens and a renderer.
///
/// ```swift
/// let runtime = try await LunarRuntime(bundle: ScriptBundle(directory: url))
/// await runtime.register(myModule)                 // native.<name>
/// try await runtime.start(renderer: HeadlessRenderer())
/// await runtime.open("/navPush/profile?id=3")
/// ```
/// Every method hops onto the runtime's executor, where all Lua runs.
public actor LunarRuntime {
    public nonisolated let executor: LuaExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    let state: LuaState
    let host: ScreenHost
    public nonisolated let bundle: ScriptBundle

    public init(bundle: ScriptBundle, options: RuntimeOptions = RuntimeOptions()) throws {
        let executor = LuaExecutor(clock: options.clock)
        let state = try LuaState(options: options.lua)
        state.asyncDriver = executor
        state.moduleLoader = LuaDirectoryLoader(root: bundle.root)
        let router = ScriptModules.install(on: state, executor: executor)
        let host = try ScreenHost(state: state, bundle: bundle, router: router)
        ScriptModules.installScreens(on: state, host: host)
        self.executor = executor
        self.state = state
        self.host = host
        self.bundle = bundle
    }

    deinit { executor.shutdown() }

    /// Makes a host module available to scripts (name it `native.<name>`).
    public func register(_ module: LuaModule) { state.register(module) }

    /// Runs `body` on the executor with the state and the screen host.
    public func withHost<T: Sendable>(_ body: @Sendable (ScreenHost, LuaState) throws -> T) rethrows -> T {
        try body(host, state)
    }

    /// Runs `body` on the executor with the runtime's interceptors: register
    /// Swift hooks on screen steps, view-model steps and bridged calls there.
    /// Hooks run on the executor; tokens are removed there too.
    public func withInterceptors<T: Sendable>(_ body: @Sendable (Interceptors) throws -> T) rethrows -> T {
        try body(host.interceptors)
    }

    /// Where script errors are reported (besides the screen's overlay).
    public func onScriptError(_ handler: @escaping @Sendable (LuaScriptError) -> Void) {
        state.errorHandler = handler
        host.onScriptError = handler
    }

    /// Attaches the renderer and opens the manifest's entry route.
    public func start(renderer: sending any Renderer) throws(BundleError) {
        host.attach(renderer)
        let entry = bundle.manifest.entry
        guard host.open(entry) else {
            throw BundleError("manifest.json: entry route '\(entry)' matches no route")
        }
    }

    /// Opens a URL through the router; false when nothing handled it.
    @discardableResult
    public func open(_ url: String) -> Bool { host.open(url) }

    /// Returns once no job, timer or request is pending.
    public func waitUntilIdle() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            executor.notifyWhenIdle { c.resume() }
        }
        host.flushRender()
    }

    /// Virtual clock only: moves time forward and runs what came due.
    public func advance(by seconds: Double) async {
        executor.advance(by: seconds)
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in executor.enqueue { c.resume() } }
        host.flushRender()
    }
}
