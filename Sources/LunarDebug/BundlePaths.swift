import Foundation

/// Chunk names (`@screens/login.lua`) and the absolute paths an editor opens, for one bundle.
struct BundlePaths: Sendable {
    let root: String

    init(root: URL) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The chunk of a file inside the bundle; nil for a path elsewhere.
    func chunk(forPath path: String) -> String? {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(root + "/") else { return nil }
        return "@" + resolved.dropFirst(root.count + 1)
    }

    /// The absolute path of a bundle chunk; nil for Lunar's own Lua (`=lunar.ui`) and code loaded from strings.
    func path(forChunk chunk: String) -> String? {
        guard chunk.hasPrefix("@") else { return nil }
        let relative = chunk.dropFirst()
        return relative.hasPrefix("/") ? String(relative) : root + "/" + relative
    }
}
