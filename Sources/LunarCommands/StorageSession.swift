import Foundation
import LunarBase
import LunarDevServer
import LunarRuntime
import LunarStorageLua

/// `lunar storage path|reset`: where `lunar.storage` keeps a bundle's store when `lunar run`,
/// `lunar dev` or `lunar exec` run it, and a fresh start for development.
public enum StorageSession {
    /// The folder the store of `bundle` is kept in: `$LUNAR_STORAGE_DIR` when set, otherwise
    /// the one named after the directory or archive (a dev server's bundle: its cache
    /// directory, `cacheDirectory` when `lunar run` was given one).
    /// - Throws: `MessageError` for a malformed URL or a bundle that does not exist.
    public static func directory(for bundle: String, cacheDirectory: String? = nil) throws -> URL {
        let lowered = bundle.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let server = URL(string: bundle) else { throw MessageError("not a URL: \(bundle)") }
            let cache = cacheDirectory.map { URL(fileURLWithPath: $0) } ?? RemoteBundle.defaultCacheDirectory(for: server)
            return ScriptStorageLocation.directory(forScriptDirectory: cache)
        }
        guard FileManager.default.fileExists(atPath: bundle) else {
            throw MessageError("\(bundle): no such bundle")
        }
        return ScriptStorageLocation.directory(forScriptDirectory: URL(fileURLWithPath: bundle))
    }

    /// Deletes the store of `bundle`; returns the line that says what happened
    /// (`lunar: deleted FILE` or `lunar: no store at FILE`).
    /// - Throws: `MessageError` when the bundle is not found or the file cannot be deleted.
    public static func reset(_ bundle: String, cacheDirectory: String? = nil) throws -> String {
        let directory = try directory(for: bundle, cacheDirectory: cacheDirectory)
        let file = directory.appendingPathComponent(ScriptStorage.fileName).path
        do {
            return try ScriptStorage.removeStore(in: directory) ? "lunar: deleted \(file)" : "lunar: no store at \(file)"
        } catch {
            throw MessageError("cannot delete \(file): \(error.localizedDescription)")
        }
    }
}
