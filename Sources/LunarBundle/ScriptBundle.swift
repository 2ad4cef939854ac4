import Foundation

/// A script bundle on disk: a directory with `manifest.json`, `screens/`,
/// other Lua modules, `spec/` and an optional `mock-api/`.
public struct ScriptBundle: Sendable {
    /// The bundle's root directory (what `require` resolves inside).
    public let root: URL
    /// The manifest; a running app replaces it when `manifest.json` is reloaded.
    public package(set) var manifest: BundleManifest
    /// Whether the bundle came out of a signed archive whose signature, file
    /// hashes and bridge API were verified (LunarArchive's `SignedBundle`).
    /// Only then does `require` load precompiled bytecode; a host cannot set
    /// it (`package`), so a directory's bytecode is always refused.
    public package(set) var isVerified = false

    /// Loads and validates a bundle directory.
    public init(directory: URL) throws(BundleError) {
        let root = directory.standardizedFileURL
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir), isDir.boolValue else {
            throw BundleError("\(directory.path): no such bundle directory")
        }
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("manifest.json").path) else {
            throw BundleError("\(directory.path): no manifest.json")
        }
        self.root = root
        self.manifest = try BundleManifest.load(root: root)
    }

    public init(root: URL, manifest: BundleManifest) {
        self.root = root.standardizedFileURL
        self.manifest = manifest
    }

    /// The source lines of a bundle file (for error overlays' code frames).
    public func lines(ofFile relativePath: String) -> [String]? {
        let url = root.appendingPathComponent(relativePath).standardizedFileURL
        guard url.path.hasPrefix(root.path + "/"), let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return text.components(separatedBy: "\n")
    }

    /// The mock API directory, if the bundle has one.
    public var mockAPI: URL? {
        let url = root.appendingPathComponent("mock-api")
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue ? url : nil
    }
}
