import Foundation
import LunarBridge
import LunarStorage

/// Installs the modules that move and keep data: `lunar.net`, `lunar.decode`, `lunar.encode`,
/// `lunar.storage`, and their per-state services (``ScriptNetwork``, ``ScriptStorage``).
enum DataModules {
    static func install(on state: LuaState, executor: LuaExecutor, storageDirectory: URL?, storageQuota: StorageQuota) {
        if state[extension: ScriptNetwork.self] == nil {
            state[extension: ScriptNetwork.self] = ScriptNetwork(state: state, driver: executor)
        }
        state.register(NetworkModule.native)
        state.registerSource(NetworkModule.source)
        state.registerSource(DecodeModule.decodeSource)
        state.registerSource(DecodeModule.encodeSource)
        let directory = storageDirectory ?? ScriptStorageLocation.directory(forScriptDirectory: nil)
        state[extension: ScriptStorage.self] = ScriptStorage(directory: directory, quota: storageQuota)
        state.register(StorageModule.module)
    }
}
