import Foundation
import LunarBridge
import LunarBundle
import LunarNetwork
import LunarNetworkLua
import LunarRouter
import LunarStorage
import LunarStorageLua
import LunarUI

/// Options for a runtime.
public struct RuntimeOptions: Sendable {
    /// The base URL for the network layer, overriding the manifest's
    /// `api.baseURL`; `lunar run`/`lunar dev` set it to the dev server's mock
    /// API (`http://127.0.0.1:PORT/api`). nil: use the manifest's.
    public var apiBaseURL: URL? = nil
    /// Memory cap, instruction budget and sandbox for the bundle's scripts.
    public var lua: LuaStateOptions
    /// `.virtual` makes timers wait for `advance(by:)` (tests).
    public var clock: LuaClock
    /// Where `lunar.storage` keeps the bundle's store; nil: ``ScriptStorageLocation`` for the bundle directory.
    public var storageDirectory: URL?
    /// The limits of the bundle's `lunar.storage` store (one value, the whole file).
    public var storageQuota: StorageQuota = .default
    /// The bridge API this host offers: a bundle whose manifest names another
    /// `bridgeAPI` is refused. nil: ``BridgeAPI/version`` (the built-in
    /// modules); a host that registers `native.*` modules passes
    /// ``BridgeAPI/version(hostModules:hostClasses:)``.
    public var bridgeAPI: String? = nil
    /// nil: the runtime's executor has a thread of its own. Set: the host runs the executor on
    /// its own thread (UIKit's main thread), calling `runtime.executor.runPending()` whenever
    /// this asks for a turn; see ``LuaExecutor/init(hostDriven:clock:)``.
    public var hostDriven: LuaExecutor.WakeUp? = nil
    /// Where `ui.Image` keeps the images it downloaded, across runs; nil: `Lunar/Images` beside
    /// the network layer's response cache (the user's caches folder).
    public var imageCacheDirectory: URL? = nil
    /// The most bytes of images kept in memory, and on disk.
    public var imageCacheLimits: (memory: Int, disk: Int) = (32 << 20, 256 << 20)

    public init(lua: LuaStateOptions = LuaStateOptions(memoryLimit: 256 << 20, instructionBudget: 200_000_000),
                clock: LuaClock = .realTime, storageDirectory: URL? = nil) {
        self.lua = lua
        self.clock = clock
        self.storageDirectory = storageDirectory
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
    /// Stops the runtime's scripts from any thread, even while one runs (``LuaInterruptHandle``).
    public nonisolated let interruptHandle: LuaInterruptHandle
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    package let state: LuaState
    package let host: ScreenHost
    let reloader: ModuleReloader
    /// The host's base URL for the network layer (``RuntimeOptions/apiBaseURL``), kept for manifest reloads.
    let apiBaseURL: URL?
    /// The bridge API the host asked for instead of the built-in one (``RuntimeOptions/bridgeAPI``).
    private let bridgeAPIOverride: String?
    /// The bridge API a manifest must name, if it names one. Described only when asked: building
    /// the built-in API's version makes a throwaway state with every module (tens of ms), which a
    /// manifest that names no `bridgeAPI` never needs.
    var bridgeAPI: String { bridgeAPIOverride ?? BridgeAPI.version }
    /// Told after each reload has swapped the modules, before the screens render again.
    var reloadObservers: [@Sendable (ReloadReport) -> Void] = []
    /// The bundle, with its manifest as it is now (a reload of `manifest.json` replaces it).
    public var bundle: ScriptBundle { host.bundle }

    /// Refuses a bundle whose manifest names another bridge API than
    /// `options.bridgeAPI` (a ``BundleError``), before any script runs.
    public init(bundle: ScriptBundle, options: RuntimeOptions = RuntimeOptions()) throws {
        if bundle.manifest.bridgeAPI != nil {
            try bundle.manifest.requireBridgeAPI(options.bridgeAPI ?? BridgeAPI.version)
        }
        let executor = options.hostDriven.map { LuaExecutor(hostDriven: $0, clock: options.clock) }
            ?? LuaExecutor(clock: options.clock)
        let state = try LuaState(options: options.lua)
        state.asyncDriver = executor
        state.moduleLoader = LuaDirectoryLoader(root: bundle.root)
        state.acceptsBinaryModules = bundle.isVerified
        let router = ScriptModules.install(
            on: state, executor: executor,
            storageDirectory: options.storageDirectory ?? ScriptStorageLocation.directory(forScriptDirectory: bundle.root),
            storageQuota: options.storageQuota)
        // The dev server's mock API (when the host points there) wins over the manifest's API.
        if let network = state[extension: ScriptNetwork.self] {
            if let base = options.apiBaseURL ?? bundle.manifest.api?.baseURL.flatMap(URL.init(string:)) {
                network.client.configuration.baseURL = base
            }
            network.client.configuration.hostPolicy = try bundle.manifest.hostPolicy(apiBaseURL: options.apiBaseURL)
        }
        self.reloader = try ModuleReloader(state: state)
        let host = try ScreenHost(state: state, bundle: bundle, router: router)
        if let network = state[extension: ScriptNetwork.self] {
            let directory = options.imageCacheDirectory
                ?? network.client.configuration.cacheDirectory.deletingLastPathComponent().appendingPathComponent("Images", isDirectory: true)
            host.images.loader = ImageLoader(client: network.client, directory: directory,
                                             memoryLimit: options.imageCacheLimits.memory, diskLimit: options.imageCacheLimits.disk)
        }
        ScriptModules.installScreens(on: state, host: host)
        self.executor = executor
        self.interruptHandle = state.interruptHandle
        self.state = state
        self.host = host
        self.apiBaseURL = options.apiBaseURL
        bridgeAPIOverride = options.bridgeAPI
    }

    // The state and the screens are confined to the executor: its thread stops and lets go of
    // its work first (`shutdownForOwner`). Not an `isolated deinit`: with one, Swift 6.3.1 fails
    // optimized builds of dependent modules ("circular reference").
    deinit { executor.shutdownForOwner() }

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
        host.runAppModule()
        let entry = host.bundle.manifest.entry
        guard host.open(entry) else {
            throw BundleError("manifest.json: entry route '\(entry)' matches no route")
        }
    }

    /// Opens a URL through the router; false when nothing handled it.
    @discardableResult
    public func open(_ url: String) -> Bool { host.open(url) }

    /// Hot reload: swaps the modules behind `changedFiles` (paths relative to
    /// the bundle root) into the running app, keeping its state; see
    /// docs/development.md for what survives. A file that fails to compile or
    /// run shows an error overlay and the last good code keeps running; fixing
    /// it clears the overlay. A changed `manifest.json` is applied first (its
    /// routes and API settings at once; see docs/development.md); one that is
    /// refused fails the same way and the previous manifest stays.
    @discardableResult
    public func reload(changedFiles: [String]) -> ReloadReport {
        var notes: [String] = []
        var manifestError: LuaScriptError?
        if changedFiles.contains(Self.manifestFile) {
            let outcome = reloadManifest()
            notes = outcome.notes
            manifestError = outcome.error.map {
                LuaScriptError(kind: .runtime, message: $0.message, location: nil, traceback: nil, value: .string($0.message))
            }
            reloader.failing[Self.manifestFile] = manifestError
        }
        let (report, moduleErrors, resets) = reloader.reload(
            changedFiles: changedFiles, screenModules: Set(host.bundle.manifest.routes.values))
        // Before the screens render the new code (a debugger re-places its breakpoints first).
        for observer in reloadObservers { observer(report) }
        var final = report
        final.remounted = resets.sorted()
        final.notes = notes
        let errors = (manifestError.map { [$0] } ?? []) + moduleErrors
        if manifestError != nil { final.failed.insert(Self.manifestFile, at: 0) }
        final.failures = errors.map { String($0.report.prefix { $0 != "\n" }) }
        host.finishReload(final, errors: errors, resets: resets,
                          affected: reloader.affectedModules(by: report.reloaded), stillFailing: reloader.failing.values.first)
        // What the open screens keep from a changed initialize() or load(), in the reload line.
        final.notes += host.keptOldCodeNotes(reloader.changedOnceOnly)
        return final
    }

    static let manifestFile = "manifest.json"

    /// Calls `observer` on the executor during every reload (``reload(changedFiles:)``), once the
    /// new code is in and before the screens render it, with what was reloaded.
    package func observeReloads(_ observer: @escaping @Sendable (ReloadReport) -> Void) {
        reloadObservers.append(observer)
    }

    /// Returns once no job, timer or request is pending.
    public func waitUntilIdle() async {
        await executor.idle()
        host.flushRender()
    }

    /// Virtual clock only: moves time forward and runs what came due.
    public func advance(by seconds: Double) async {
        await executor.advanceAndDrain(by: seconds)
        host.flushRender()
    }
}
