import Foundation
import LunarBridge
import LunarNetworkLua
import LunarRouter
import LunarSignalsLua
import LunarStorage
import LunarStorageLua

/// Installs every bridge module the runtime provides on a state.
public enum ScriptModules {
    /// The modules every script gets (`lunar exec` and bundles): `lunar`
    /// (`lunar.async`), `lunar.log` (built in), `lunar.timer`, `lunar.net`,
    /// `lunar.decode`, `lunar.encode`, `lunar.storage`, `lunar.layout`. Returns the state's
    /// router (shared by `lunar.router` and the navigator).
    /// - Parameter storageDirectory: where `lunar.storage` keeps its file; nil
    ///   uses ``ScriptStorageLocation/directory(forScriptDirectory:environment:)`` with no script directory.
    /// - Parameter storageQuota: the limits of that store.
    @discardableResult
    public static func install(on state: LuaState, executor: LuaExecutor, storageDirectory: URL? = nil,
                               storageQuota: StorageQuota = .default) -> Router {
        state.register(LunarCoreModule.module)
        state.register(TimerModule.module(executor: executor))
        NetworkModule.install(on: state, executor: executor)
        DecodeModule.install(on: state)
        StorageModule.install(on: state, directory: storageDirectory ?? ScriptStorageLocation.directory(forScriptDirectory: nil),
                              quota: storageQuota)
        SignalModule.install(on: state, executor: executor)
        state.register(InterceptModule.module)
        state.register(LayoutModule.module)
        let router = state[extension: Router.self] ?? Router()
        state[extension: Router.self] = router
        state.register(RouterModule.module(router: router))
        return router
    }

    /// An engine for scripts that run on their own, with no bundle or screens (`lunar exec`):
    /// `require` resolves inside `root`, every module of ``install(on:executor:storageDirectory:storageQuota:)``
    /// is there, and `lunar.storage` keeps its file by `root` (``ScriptStorageLocation``).
    public static func engine(forScriptsIn root: URL, options: LuaStateOptions) async throws -> LuaEngine {
        let engine = try LuaEngine(options: options, moduleRoot: root)
        let executor = engine.executor
        await engine.withState { state -> Void in
            install(on: state, executor: executor, storageDirectory: ScriptStorageLocation.directory(forScriptDirectory: root))
        }
        return engine
    }

    /// The modules that need screens: `lunar.ui`, `lunar.navigator`.
    static func installScreens(on state: LuaState, host: ScreenHost) {
        let reference = ScreenHostReference()
        reference.host = host
        installScreens(on: state, reference: reference)
    }

    /// The screen modules over `reference` (which may stay empty: `lunar types` only reads them).
    static func installScreens(on state: LuaState, reference: ScreenHostReference) {
        state.register(UIModule.native(host: reference))
        state.registerSource(UIModule.source)
        state.registerSource(UIModule.componentSource)
        state.register(NavigatorModule.module(host: reference))
    }
}

/// `lunar`: the root module, with `lunar.async(fn, ...)` to start a coroutine
/// in which bridged async functions are awaited instead of taking a callback.
enum LunarCoreModule {
    static let module = LuaModule("lunar", summary: "The root module: coroutines that await async functions.") { m in
        m.rawFunction("async(fn: fun(...), ...: any)", summary: "Runs fn(...) in a coroutine, where bridged async functions are awaited.") { frame in
            let fn: LuaFunction = try frame.argument(1)
            var args: [LuaValue] = []
            if frame.argumentCount > 1 {
                for i in 2...frame.argumentCount { args.append(try frame.argument(i, as: LuaValue.self)) }
            }
            let state = frame.state
            state.spawn(fn, arguments: args) { [unowned state] result in
                if case .failure(let error) = result { state.report(error) }
            }
            return .results(0)
        }
    }
}
