import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches a bundle directory with inotify and reports changed files,
/// coalescing the bursts editors produce (several writes, or a temporary file
/// renamed over the old one) into one batch.
///
/// Watches every directory below the root, including ones created later;
/// reports paths relative to the root. Hidden files and editor temporaries
/// (`.#x`, `x~`, `*.swp`) are ignored. Several subscribers may share one
/// watcher (`lunar dev` reloads and feeds its dev server from one).
/// Thread-safe; callbacks arrive on the watcher's own thread.
public final class BundleWatcher: @unchecked Sendable {
    public let root: URL
    /// How long the directory must stay quiet before a batch is reported.
    public let quietPeriod: Double
    private let lock = NSLock()
    /// The descriptors of the current watch; each start makes a new one, so a
    /// stopping thread only ever closes its own.
    private final class Watch: @unchecked Sendable {
        let fd: Int32
        let wake: (read: Int32, write: Int32)
        var directories: [Int32: String] = [:]  // watch descriptor → relative directory ("" = root)
        init(fd: Int32, wake: (Int32, Int32)) {
            self.fd = fd
            self.wake = wake
        }
    }

    private var watch: Watch?
    private var running: Bool { watch != nil }
    private var subscribers: [Int: @Sendable ([String]) -> Void] = [:]
    private var nextSubscription = 0

    public init(root: URL, quietPeriod: Double = 0.005) {
        self.root = root.standardizedFileURL
        self.quietPeriod = quietPeriod
    }

    deinit { stop() }

    /// Adds a subscriber that gets every batch of changed paths (relative to
    /// the root, in the order first seen); the first one starts watching.
    /// Each subscriber gets every batch, on the watcher's thread.
    @discardableResult
    public func start(_ onChange: @escaping @Sendable ([String]) -> Void) throws -> Subscription {
        lock.lock()
        defer { lock.unlock() }
        if !running { try startWatching() }
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

    /// Called with the lock held.
    private func startWatching() throws {
        #if canImport(Glibc)
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw BundleError("cannot watch \(root.path): inotify_init1 failed (errno \(errno))") }
        var wakePipe: [Int32] = [-1, -1]
        guard pipe(&wakePipe) == 0 else {
            Glibc.close(fd)
            throw BundleError("cannot watch \(root.path): pipe failed")
        }
        let watch = Watch(fd: fd, wake: (wakePipe[0], wakePipe[1]))
        Self.addWatches(under: "", in: watch, root: root)
        self.watch = watch
        // The thread holds the watch and only a weak link to the watcher, so a
        // dropped watcher stops (deinit) and its thread ends.
        let (root, quietPeriod) = (root, quietPeriod)
        let thread = Thread {
            Self.loop(watch, root: root, quietPeriod: quietPeriod) { [weak self] paths in self?.deliver(paths) }
        }
        thread.name = "lunar.watcher"
        thread.start()
        #else
        throw BundleError("file watching needs inotify (Linux)")
        #endif
    }

    /// Called with the lock held.
    private func stopWatching() {
        guard let watch else { return }
        self.watch = nil
        var byte: UInt8 = 1
        _ = write(watch.wake.write, &byte, 1)
    }

    private func deliver(_ paths: [String]) {
        lock.lock()
        let targets = subscribers.sorted { $0.key < $1.key }.map(\.value)
        lock.unlock()
        for onChange in targets { onChange(paths) }
    }

    #if canImport(Glibc)
    // A file counts when it is complete (closed after writing, or renamed into
    // place) or gone; IN_CREATE only matters for new directories.
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

    private static func addWatches(under relative: String, in watch: Watch, root: URL) {
        let path = relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
        let wd = inotify_add_watch(watch.fd, path, Self.mask)
        if wd >= 0 { watch.directories[wd] = relative }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in entries where !Self.ignored(name) {
            let child = relative.isEmpty ? name : relative + "/" + name
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(child).path, isDirectory: &isDir), isDir.boolValue {
                addWatches(under: child, in: watch, root: root)
            }
        }
    }

    /// The files below a directory (relative to the root), in name order.
    private static func files(under relative: String, root: URL) -> [String] {
        let base = root.appendingPathComponent(relative)
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: base.path) else { return [] }
        return names.sorted().compactMap { name in
            guard !name.split(separator: "/").contains(where: { ignored(String($0)) }) else { return nil }
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: base.appendingPathComponent(name).path, isDirectory: &isDir), !isDir.boolValue else { return nil }
            return relative + "/" + name
        }
    }

    static func ignored(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".tmp")
    }

    private static func closeDescriptors(of watch: Watch) {
        Glibc.close(watch.fd)
        Glibc.close(watch.wake.read)
        Glibc.close(watch.wake.write)
    }

    private static func loop(_ watch: Watch, root: URL, quietPeriod: Double, deliver: ([String]) -> Void) {
        let fd = watch.fd
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pending: [String] = []
        var pendingSet: Set<String> = []
        while true {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: watch.wake.read, events: Int16(POLLIN), revents: 0)]
            // With changes pending, wait only for the quiet period; then report.
            let timeout: Int32 = pending.isEmpty ? -1 : Int32(max(1, quietPeriod * 1000))
            let ready = poll(&fds, 2, timeout)
            if fds[1].revents != 0 { break }
            if ready == 0 {
                deliver(pending)
                pending = []
                pendingSet = []
                continue
            }
            if ready < 0 { if errno == EINTR { continue } else { break } }
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { continue }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (wd, eventMask, nameLength) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                // The name field is NUL-padded; Swift does not import it, so read it by hand.
                let nameBytes = buffer[nameStart..<min(count, nameStart + nameLength)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset = nameStart + nameLength
                guard let directory = watch.directories[wd], !name.isEmpty, !Self.ignored(name) else { continue }
                let relative = directory.isEmpty ? name : directory + "/" + name
                if eventMask & UInt32(IN_ISDIR) != 0 {
                    if eventMask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                        addWatches(under: relative, in: watch, root: root)
                        // Files written before the new directory's watch existed get no
                        // event of their own: report what is there now.
                        for file in files(under: relative, root: root) where pendingSet.insert(file).inserted {
                            pending.append(file)
                        }
                    }
                    continue
                }
                if eventMask & UInt32(IN_CREATE) != 0 { continue }
                if pendingSet.insert(relative).inserted { pending.append(relative) }
            }
        }
        Self.closeDescriptors(of: watch)
    }
    #endif
}
