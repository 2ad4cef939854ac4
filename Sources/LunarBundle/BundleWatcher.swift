import Foundation

/// Watches a bundle directory and reports changed files: with the system's file events where
/// there are any (inotify on Linux, coalescing an editor's burst of writes into one batch),
/// and by polling elsewhere (macOS, iOS) or when asked to.
///
/// Watches every directory below the root, including ones created later;
/// reports paths relative to the root. Only what belongs to the bundle is
/// reported (``BundleContents``: no hidden files, editor temporaries or links). Several subscribers may share one
/// watcher (`lunar dev` reloads and feeds its dev server from one).
/// Thread-safe; callbacks arrive on the watcher's own thread (or, for ``poll()``, the caller's).
public final class BundleWatcher: @unchecked Sendable {
    /// How a watcher learns that files changed.
    public enum Method: Sendable, Equatable {
        /// File events where the system has them (inotify on Linux); elsewhere, or when they
        /// cannot be had, polling every 0.2 seconds.
        case automatic
        /// Compares snapshots of the directory (paths, modification times, sizes, file
        /// numbers) every `interval` seconds, on every platform.
        case polling(interval: Double)
        /// Compares snapshots only when the owner calls ``BundleWatcher/poll()``: for a host
        /// that checks on its own schedule (an app coming to the foreground), and for tests.
        case pollingOnDemand
    }

    public let root: URL
    /// How long the directory must stay quiet before a batch of file events is reported.
    public let quietPeriod: Double
    /// How changes are noticed.
    public let method: Method
    private let lock = NSLock()

    /// What is watching while there are subscribers.
    private enum Watch {
        #if canImport(Glibc)
        case fileEvents(InotifyWatch)
        #endif
        /// The timer is nil for ``Method/pollingOnDemand``.
        case polling(timer: (any DispatchSourceTimer)?)
    }

    private var watch: Watch?
    private var subscribers: [Int: @Sendable ([String]) -> Void] = [:]
    private var nextSubscription = 0
    /// Serializes polls, so batches are reported in the order they were seen; taken after `lock`, never before it.
    private let pollLock = NSLock()
    /// The snapshot the next poll compares against (under `pollLock`).
    private var lastSnapshot: DirectorySnapshot?

    public init(root: URL, quietPeriod: Double = 0.005, method: Method = .automatic) {
        self.root = root.standardizedFileURL
        self.quietPeriod = quietPeriod
        self.method = method
    }

    deinit { stop() }

    /// While watching: whether the watcher gets file events from the system, rather than polling.
    public var usesFileEvents: Bool {
        lock.lock()
        defer { lock.unlock() }
        #if canImport(Glibc)
        if case .fileEvents? = watch { return true }
        #endif
        return false
    }

    /// Adds a subscriber that gets every batch of changed paths (relative to
    /// the root, in the order first seen); the first one starts watching.
    /// Each subscriber gets every batch, on the watcher's thread.
    @discardableResult
    public func start(_ onChange: @escaping @Sendable ([String]) -> Void) throws -> Subscription {
        lock.lock()
        defer { lock.unlock() }
        if watch == nil { try startWatching() }
        nextSubscription += 1
        subscribers[nextSubscription] = onChange
        return Subscription(id: nextSubscription)
    }

    /// Removes one subscriber; watching stops with the last one.
    public func remove(_ subscription: Subscription) {
        lock.lock()
        defer { lock.unlock() }
        subscribers[subscription.id] = nil
        if subscribers.isEmpty { stopWatching() }
    }

    /// Removes every subscriber and stops watching.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        subscribers = [:]
        stopWatching()
    }

    /// One subscriber of a watcher, for ``remove(_:)``.
    public struct Subscription: Hashable, Sendable {
        let id: Int
    }

    /// A polling watcher: compares the directory with the last snapshot now and reports what
    /// changed to every subscriber, on the calling thread, before returning it (sorted; empty
    /// when nothing changed). A watcher that gets file events, or has no subscriber, reports
    /// nothing and returns [].
    @discardableResult
    public func poll() -> [String] {
        lock.lock()
        guard case .polling? = watch else { lock.unlock(); return [] }
        let targets = subscribers.sorted { $0.key < $1.key }.map(\.value)
        lock.unlock()
        pollLock.lock()
        defer { pollLock.unlock() }
        guard let last = lastSnapshot else { return [] }
        let current = DirectorySnapshot(of: root)
        lastSnapshot = current
        let changed = current.changes(since: last)
        if !changed.isEmpty {
            for onChange in targets { onChange(changed) }
        }
        return changed
    }

    /// Called with the lock held.
    private func startWatching() throws {
        #if canImport(Glibc)
        if method == .automatic,
           let events = try? InotifyWatch.start(root: root, quietPeriod: quietPeriod, deliver: { [weak self] paths in self?.deliver(paths) }) {
            watch = .fileEvents(events)
            return
        }
        #endif
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BundleError("cannot watch \(root.path): not a directory")
        }
        pollLock.lock()
        lastSnapshot = DirectorySnapshot(of: root)
        pollLock.unlock()
        let interval: Double? = switch method {
        case .automatic: 0.2
        case .polling(let interval): max(interval, 0.001)
        case .pollingOnDemand: nil
        }
        var timer: (any DispatchSourceTimer)?
        if let interval {
            let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "lunar.watcher"))
            source.schedule(deadline: .now() + interval, repeating: interval)
            // Only a weak link: a dropped watcher stops (deinit) and so does its timer.
            source.setEventHandler { [weak self] in self?.poll() }
            source.resume()
            timer = source
        }
        watch = .polling(timer: timer)
    }

    /// Called with the lock held.
    private func stopWatching() {
        guard let watch else { return }
        self.watch = nil
        switch watch {
        #if canImport(Glibc)
        case .fileEvents(let events): events.stop()
        #endif
        case .polling(let timer): timer?.cancel()
        }
    }

    private func deliver(_ paths: [String]) {
        lock.lock()
        let targets = subscribers.sorted { $0.key < $1.key }.map(\.value)
        lock.unlock()
        for onChange in targets { onChange(paths) }
    }
}
