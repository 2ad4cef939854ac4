import Foundation

/// A fresh, empty directory under the temporary directory (`<prefix>-<UUID>`); the caller removes it.
public func makeTemporaryDirectory(_ prefix: String = "lunar-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A fresh, empty folder under the temporary directory for one test; the temporary directory itself if none can be made.
public func temporaryFolder() -> URL {
    (try? makeTemporaryDirectory("lunar-tests")) ?? FileManager.default.temporaryDirectory
}

/// A bundle directory a test writes: files by bundle path, in a fresh temporary directory.
/// Every test target that needs a bundle on disk builds on this one writer.
public struct BundleDirectory: Sendable {
    /// The bundle's root.
    public let root: URL

    /// A `manifest.json` text: `routes` (pattern → module) sorted, and any `extra` top-level
    /// members as raw JSON (`"api": {...}`).
    public static func manifest(name: String = "test", entry: String = "/home", routes: [String: String] = ["/home": "screens.home"],
                                extra: [String: String] = [:]) -> String {
        let routeList = routes.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
        let more = extra.sorted { $0.key < $1.key }.map { ", \"\($0.key)\": \($0.value)" }.joined()
        return #"{"name": "\#(name)", "version": "1.0.0", "entry": "\#(entry)", "routes": {\#(routeList)}\#(more)}"#
    }

    /// Writes `files` (bundle path → text) into a new directory named `<prefix>-<UUID>`.
    public init(prefix: String = "lunar-bundle", files: [String: String]) throws {
        root = try makeTemporaryDirectory(prefix)
        for (path, text) in files { try write(path, text) }
    }

    /// Writes (or replaces, atomically) one file, making its directories.
    public func write(_ path: String, _ text: String) throws {
        try write(path, bytes: Data(text.utf8))
    }

    /// Writes (or replaces, atomically) one file of any bytes (Lua text need not be UTF-8).
    ///
    /// The bytes are staged beside the bundle, not in it, and renamed into place, as an
    /// editor's atomic save does: a file watcher sees one change. (Foundation's `.atomic`
    /// stages in the file's own folder, and a loaded machine may report that temporary in a
    /// batch of its own, as a second reload.)
    public func write(_ path: String, bytes: Data) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let staging = root.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).staged")
        try bytes.write(to: staging)
        guard rename(staging.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: staging)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// Removes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: root) }
}
