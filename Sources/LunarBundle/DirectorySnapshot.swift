import Foundation

/// The files below a directory with their stamps: what a polling ``BundleWatcher`` compares.
struct DirectorySnapshot: Sendable {
    /// Root-relative, `/`-separated path → stamp, for every file that is not ignored.
    private(set) var stamps: [String: FileStamp] = [:]

    /// Lists `root` now. Entries ``BundleWatcher/ignored(_:)`` names are left out, and so is
    /// everything inside an ignored directory.
    init(of root: URL) {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return }
        while let relative = walker.nextObject() as? String {
            let isDirectory = walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory
            if BundleWatcher.ignored((relative as NSString).lastPathComponent) {
                if isDirectory { walker.skipDescendants() }
                continue
            }
            guard !isDirectory, let stamp = FileStamp(of: root.appendingPathComponent(relative)) else { continue }
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
