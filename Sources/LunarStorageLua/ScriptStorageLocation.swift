import Foundation

/// Where `lunar.storage` keeps a script's store when the host does not say.
public enum ScriptStorageLocation {
    /// `$LUNAR_STORAGE_DIR` when set; otherwise a folder under the user's Application Support
    /// directory named after the script directory (`Lunar/Storage/<name>-<hash of its path>`), so
    /// two scripts in different folders never share a store and the same folder always finds its
    /// own. Application Support is kept (and backed up) on Apple platforms, where Caches may be
    /// purged: `~/Library/Application Support` on macOS, the app container's
    /// `Library/Application Support` on iOS, `$XDG_DATA_HOME` (`~/.local/share`) on Linux.
    public static func directory(
        forScriptDirectory scripts: URL?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let configured = environment["LUNAR_STORAGE_DIR"], !configured.isEmpty {
            return URL(fileURLWithPath: configured, isDirectory: true)
        }
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let name: String
        if let scripts {
            let path = scripts.standardizedFileURL.path
            let base = scripts.standardizedFileURL.lastPathComponent
            name = (base.isEmpty || base == "/" ? "root" : base) + "-" + stableHash(path)
        } else {
            name = "default"
        }
        return support.appendingPathComponent("Lunar/Storage", isDirectory: true).appendingPathComponent(name, isDirectory: true)
    }

    /// FNV-1a over the UTF-8 bytes, in hex: the same in every process (Swift's `Hasher` is seeded per run).
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
