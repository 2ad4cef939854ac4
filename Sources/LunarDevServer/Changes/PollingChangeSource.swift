import Foundation

/// A portable change source: snapshots the bundle directory (paths,
/// modification times, sizes) at a fixed interval and reports the paths whose
/// entry differs from the previous snapshot.
///
/// Cheap for bundles of a few hundred files; the inotify watcher replaces it
/// where it exists. A burst of writes that falls within one interval is
/// reported as one batch.
public struct PollingChangeSource: BundleChangeSource {
    /// The bundle directory watched.
    public let root: URL
    /// Seconds between snapshots.
    public let interval: Double

    public init(root: URL, interval: Double = 0.2) {
        self.root = root.standardizedFileURL
        self.interval = interval
    }

    public func changes() -> AsyncStream<Set<String>> {
        let root = root, interval = interval
        // The first snapshot is taken now, so a change made after this call returns is reported.
        let initial = Self.snapshot(of: root)
        return AsyncStream { continuation in
            let task = Task {
                var previous = initial
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
                    let current = Self.snapshot(of: root)
                    let changed = Self.difference(previous, current)
                    previous = current
                    if !changed.isEmpty { continuation.yield(changed) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Every servable file under `root` with its stamp.
    static func snapshot(of root: URL) -> [String: FileStamp] {
        var entries: [String: FileStamp] = [:]
        for path in BundleFileIndex.paths(under: root) {
            if let stamp = FileStamp(of: root.appendingPathComponent(path.value)) { entries[path.value] = stamp }
        }
        return entries
    }

    /// Paths added, removed or changed between two snapshots.
    static func difference(_ old: [String: FileStamp], _ new: [String: FileStamp]) -> Set<String> {
        var changed = Set<String>()
        for (path, stamp) in new where old[path] != stamp { changed.insert(path) }
        for path in old.keys where new[path] == nil { changed.insert(path) }
        return changed
    }
}
