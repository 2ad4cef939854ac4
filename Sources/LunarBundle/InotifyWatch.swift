#if canImport(Glibc)
import Foundation
import Glibc

/// A ``BundleWatcher``'s file events on Linux: inotify watches on every directory below the
/// root (new ones included) and a thread that reads them, coalescing the bursts editors produce
/// (several writes, or a temporary file renamed over the old one) into one batch.
///
/// Each start makes a new watch with its own descriptors, so a stopping thread only ever closes
/// its own.
final class InotifyWatch: @unchecked Sendable {
    private let fd: Int32
    private let wake: (read: Int32, write: Int32)
    /// Watch descriptor → relative directory ("" = root); the watch's thread only.
    private var directories: [Int32: String] = [:]

    private init(fd: Int32, wake: (Int32, Int32)) {
        self.fd = fd
        self.wake = wake
    }

    /// Starts watching `root`; `deliver` gets each batch on the watch's thread.
    static func start(root: URL, quietPeriod: Double, deliver: @escaping @Sendable ([String]) -> Void) throws -> InotifyWatch {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw BundleError("cannot watch \(root.path): inotify_init1 failed (errno \(errno))") }
        var wakePipe: [Int32] = [-1, -1]
        guard pipe(&wakePipe) == 0 else {
            Glibc.close(fd)
            throw BundleError("cannot watch \(root.path): pipe failed")
        }
        let watch = InotifyWatch(fd: fd, wake: (wakePipe[0], wakePipe[1]))
        watch.addWatches(under: "", root: root)
        // The thread holds the watch; the watcher holds it only to stop it.
        let thread = Thread { watch.loop(root: root, quietPeriod: quietPeriod, deliver: deliver) }
        thread.name = "lunar.watcher"
        thread.start()
        return watch
    }

    /// Ends the thread, which closes the descriptors.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    // A file counts when it is complete (closed after writing, or renamed into
    // place) or gone; IN_CREATE only matters for new directories.
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)

    private func addWatches(under relative: String, root: URL) {
        let path = relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
        let wd = inotify_add_watch(fd, path, Self.mask)
        if wd >= 0 { directories[wd] = relative }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in entries where !BundleContents.excludes(name) {
            let child = relative.isEmpty ? name : relative + "/" + name
            if BundleContents.kind(of: root.appendingPathComponent(child)) == .directory {
                addWatches(under: child, root: root)
            }
        }
    }

    /// The files below a directory (relative to the root), in name order.
    private static func files(under relative: String, root: URL) -> [String] {
        BundleContents.files(under: root.appendingPathComponent(relative)).map { relative + "/" + $0 }
    }

    private func loop(root: URL, quietPeriod: Double, deliver: ([String]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pending: [String] = []
        var pendingSet: Set<String> = []
        // Files created during this batch: one already gone again when the batch is delivered
        // was an editor's or a tool's temporary file (`sed -i`, save-by-rename), not a change.
        var created: Set<String> = []
        while true {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            // With changes pending, wait only for the quiet period; then report.
            let timeout: Int32 = pending.isEmpty ? -1 : Int32(max(1, quietPeriod * 1000))
            let ready = poll(&fds, 2, timeout)
            if fds[1].revents != 0 { break }
            if ready == 0 {
                let changes = pending.filter { path in
                    !created.contains(path) || FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
                }
                if !changes.isEmpty { deliver(changes) }
                pending = []
                pendingSet = []
                created = []
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
                guard let directory = directories[wd], !name.isEmpty, !BundleContents.excludes(name) else { continue }
                let relative = directory.isEmpty ? name : directory + "/" + name
                if eventMask & UInt32(IN_ISDIR) != 0 {
                    if eventMask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                        addWatches(under: relative, root: root)
                        // Files written before the new directory's watch existed get no
                        // event of their own: report what is there now.
                        for file in Self.files(under: relative, root: root) where pendingSet.insert(file).inserted {
                            pending.append(file)
                        }
                    }
                    continue
                }
                if eventMask & UInt32(IN_CREATE) != 0 {
                    created.insert(relative)
                    continue
                }
                // A link is not the bundle's (BundleContents); one removed leaves nothing to look at.
                if BundleContents.kind(of: root.appendingPathComponent(relative)) == .symbolicLink { continue }
                if pendingSet.insert(relative).inserted { pending.append(relative) }
            }
        }
        Glibc.close(fd)
        Glibc.close(wake.read)
        Glibc.close(wake.write)
    }
}
#endif
