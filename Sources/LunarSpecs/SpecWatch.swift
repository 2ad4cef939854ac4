import Foundation
import LunarBundle

/// `lunar test --watch`: runs a bundle directory's specs, then again each time its files
/// change (a ``BundleWatcher``), until the task is cancelled or the process stopped.
///
/// After a batch of changes that holds only spec files, only those run again; any other change
/// (a screen, the manifest, the mock API) runs every spec file. Snapshot files
/// (`__snapshots__/*.snap`) never start a run: the runs write them.
public struct SpecWatch: Sendable {
    /// The bundle directory.
    public let root: URL
    /// Bundle-relative paths whose changes do not start a run (a report written inside the bundle).
    public var ignoring: Set<String> = []
    /// How the watcher notices changes.
    public var method: BundleWatcher.Method = .automatic

    public init(root: URL) {
        self.root = root
    }

    /// Calls `each(nil)` (every spec file), then, after each batch of changes, `each` with the
    /// spec files to run again (nil: every one). `notice` gets the lines that say what happens
    /// (`lunar: watching DIR for changes (Ctrl-C stops)`,
    /// `lunar: screens/home.lua changed: running the specs again`). Throws when the directory
    /// cannot be watched; otherwise returns only when the calling task is cancelled.
    public func run(notice: (String) -> Void, each: ([String]?) async -> Void) async throws {
        let watcher = BundleWatcher(root: root, method: method)
        let (changes, feed) = AsyncStream<[String]>.makeStream()
        let subscription = try watcher.start { feed.yield($0) }
        defer { watcher.remove(subscription) }
        let watching = "lunar: watching \(root.path) for changes (Ctrl-C stops)"
        await each(nil)
        notice(watching)
        for await batch in changes {
            let changed = batch.filter { !ignored($0) }
            guard !changed.isEmpty else { continue }
            notice("lunar: \(changed.joined(separator: ", ")) changed: running the specs again")
            await each(specs(in: changed))
            notice(watching)
        }
    }

    private func ignored(_ path: String) -> Bool {
        ignoring.contains(path) || (path.hasSuffix(".snap") && path.split(separator: "/").contains("__snapshots__"))
    }

    /// The changed spec files when every change is one that still exists, else nil (all).
    func specs(in changed: [String]) -> [String]? {
        let specs = changed.filter { path in
            path.hasPrefix("spec/") && path.hasSuffix("_spec.lua")
                && FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
        }
        return specs.count == changed.count ? Array(Set(specs)).sorted() : nil
    }
}
