import Foundation

/// The files below a directory with their stamps: what a polling ``BundleWatcher`` compares.
struct DirectorySnapshot: Sendable {
    /// Root-relative, `/`-separated path → stamp, for every file of the bundle.
    private(set) var stamps: [String: FileStamp] = [:]

    /// Lists `root` now: the files ``BundleContents/files(under:)`` finds.
    init(of root: URL) {
        for relative in BundleContents.files(under: root) {
            guard let stamp = FileStamp(of: root.appendingPathComponent(relative)) else { continue }
            stamps[relative] = stamp
        }
    }

    /// The paths added, changed or removed since `older`, sorted.
    func changes(since older: DirectorySnapshot) -> [String] {
        var changed: [String] = []
        for (path, stamp) in stamps where older.stamps[path] != stamp { changed.append(path) }
        for path in older.stamps.keys where stamps[path] == nil { changed.append(path) }
        return changed.sorted()
    }
}
