import Foundation
import LunarBridge
import LunarStorage

/// The `lunar.storage` store of one Lua state: a `KeyValueStore` kept in `storage.json` inside a
/// directory the host chose, opened on first use (so scripts that never touch storage never touch
/// the disk).
///
/// Confined to the state's executor; the state owns it (`state[extension: ScriptStorage.self]`).
public final class ScriptStorage {
    /// The file the store lives in.
    public let fileURL: URL
    /// The store's limits (one value, the whole file).
    public let quota: StorageQuota
    private var opened: KeyValueStore?

    /// The name of the store's file inside its directory.
    public static let fileName = "storage.json"

    /// A store kept in `directory/storage.json`, within `quota`.
    public init(directory: URL, quota: StorageQuota = .default) {
        fileURL = directory.appendingPathComponent(Self.fileName)
        self.quota = quota
    }

    /// Deletes the store kept in `directory`, so that the next run starts with an empty one
    /// (`lunar storage reset`): its file, and the directory when nothing else is left in it.
    /// Returns whether there was a store. Never call it while a state uses that store.
    public static func removeStore(in directory: URL) throws -> Bool {
        let file = directory.appendingPathComponent(fileName)
        let manager = FileManager.default
        guard manager.fileExists(atPath: file.path) else { return false }
        try manager.removeItem(at: file)
        if let left = try? manager.contentsOfDirectory(atPath: directory.path), left.isEmpty {
            try? manager.removeItem(at: directory)
        }
        return true
    }

    /// The store, opened the first time; throws (each time) while the file cannot be read as a store.
    public func store() throws(StorageError) -> KeyValueStore {
        if let opened { return opened }
        let store = try KeyValueStore(fileURL: fileURL, quota: quota)
        opened = store
        return store
    }
}

extension LuaState {
    /// The state's `lunar.storage` store.
    var scriptStorage: ScriptStorage {
        get throws {
            guard let storage = self[extension: ScriptStorage.self] else {
                throw LuaError.message("lunar.storage is not installed on this state")
            }
            return storage
        }
    }
}
