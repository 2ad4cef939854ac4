import Foundation
import LunarBase
import LunarBundle
import LunarJSON
import LunarStorage

/// A bundle served by a dev server, mirrored into a local cache directory so
/// it runs like a directory bundle.
///
/// ```swift
/// let remote = try RemoteBundle(server: URL(string: "http://127.0.0.1:8081/")!,
///                               cacheDirectory: RemoteBundle.defaultCacheDirectory(for: server))
/// for try await update in remote.updates() {
///     switch update {
///     case .synchronized(let changed), .changed(let changed): reload(changed)   // files are on disk
///     case .disconnected(let reason): print(reason)
///     }
/// }
/// ```
/// Paths from the server are checked like the server checks them
/// (``BundlePath``), so a server cannot write outside the cache directory.
/// Sizes are capped (``limits``) while the bytes arrive, and every file is
/// checked against the size and SHA-256 the server's `/files` list gives before
/// it is written; a file that fails is refused with a `MessageError` naming it.
public struct RemoteBundle: Sendable {
    /// The dev server's base URL.
    public let server: URL
    /// Where the files are kept: the bundle root to run.
    public let cacheDirectory: URL
    /// The caps on the files mirrored: how many, how large each, how large in all.
    public let limits: BundleLimits
    private let client: DevServerClient

    public init(server: URL, cacheDirectory: URL, limits: BundleLimits = .standard) throws(MessageError) {
        self.client = try DevServerClient(baseURL: server)
        self.server = server
        self.cacheDirectory = cacheDirectory.standardizedFileURL
        self.limits = limits
    }

    /// A file as the server lists it.
    private struct ListedFile {
        let path: BundlePath
        let sha256: String
        let size: Int
    }

    /// `lunar/remote/HOST-PORT` in the user's cache directory: `$XDG_CACHE_HOME` (`~/.cache`)
    /// on Linux, `~/Library/Caches` on macOS, the app container's `Library/Caches` on iOS. A
    /// purged cache only costs a new download.
    public static func defaultCacheDirectory(for server: URL) -> URL {
        let base = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let name = "\(server.host ?? "server")-\(server.port ?? 80)".replacingOccurrences(of: ":", with: "_")
        return base.appendingPathComponent("lunar/remote").appendingPathComponent(name)
    }

    /// The mock API's URL the server announces (`GET /`), or nil when the bundle has none.
    public func mockAPIURL() async throws -> URL? {
        let reply = try await client.send("GET", "/")
        guard reply.status == 200 else { throw MessageError("GET /: \(reply.status) \(reply.text)") }
        guard case .string(let path)? = try JSONValue(parsing: reply.body)["mockAPI"] else { return nil }
        return URL(string: path, relativeTo: server)?.absoluteURL
    }

    /// Makes the cache equal to the server's file list: downloads files whose
    /// hash differs, deletes files the server no longer lists. Returns the
    /// paths written or deleted, sorted.
    @discardableResult
    public func synchronize() async throws -> [String] {
        let files = try await listing()
        var changed: [String] = []
        for file in files.values.sorted(by: { $0.path.value < $1.path.value }) {
            let local = cacheDirectory.appendingPathComponent(file.path.value)
            if let data = FileManager.default.contents(atPath: local.path), BundleFile.sha256(of: data) == file.sha256 {
                continue
            }
            try await download(file)
            changed.append(file.path.value)
        }
        for path in BundleFileIndex.paths(under: cacheDirectory) where files[path.value] == nil {
            try? FileManager.default.removeItem(at: cacheDirectory.appendingPathComponent(path.value))
            changed.append(path.value)
        }
        return changed.sorted()
    }

    /// Downloads the given paths into the cache as the server lists them now,
    /// deleting those it no longer lists; paths that are not valid bundle paths
    /// are skipped.
    public func download(_ paths: [String]) async throws {
        let files = try await listing()
        for text in paths {
            guard let path = try? BundlePath(text) else { continue }
            if let file = files[path.value] {
                try await download(file)
            } else {
                try? FileManager.default.removeItem(at: cacheDirectory.appendingPathComponent(path.value))
            }
        }
    }

    /// `GET /files`, checked: each entry has a SHA-256 and a size, and the caps hold (entries
    /// whose path is not a valid bundle path are left out).
    private func listing() async throws -> [String: ListedFile] {
        let reply = try await client.send("GET", "/files")
        guard reply.status == 200 else { throw MessageError("GET /files: \(reply.status) \(reply.text)") }
        guard case .array(let entries)? = try JSONValue(parsing: reply.body)["files"] else {
            throw MessageError("GET /files: no file list in the answer")
        }
        guard entries.count <= limits.maxFiles else {
            throw MessageError("GET /files: the dev server lists \(entries.count) files, over the cap of \(limits.maxFiles)")
        }
        var files: [String: ListedFile] = [:]
        var total = 0
        for entry in entries {
            guard let text = entry["path"]?.stringValue, let path = try? BundlePath(text) else { continue }
            guard let sha256 = entry["sha256"]?.stringValue, sha256.count == 64, sha256.allSatisfy({ $0.isHexDigit }),
                  let size = entry["size"]?.numberValue.flatMap({ Int(exactly: $0) }), size >= 0 else {
                throw MessageError("\(path) is refused: the dev server lists it without a SHA-256 and a size")
            }
            guard size <= limits.maxFileSize else {
                throw MessageError("\(path) is refused: the dev server lists it at \(size) bytes, over the cap of \(limits.maxFileSize) bytes per file")
            }
            total += size
            guard total <= limits.maxTotalSize else {
                throw MessageError("\(path) is refused: with it the bundle passes the cap of \(limits.maxTotalSize) bytes in all")
            }
            files[path.value] = ListedFile(path: path, sha256: sha256.lowercased(), size: size)
        }
        return files
    }

    /// Downloads one listed file, reading at most its listed size, and writes it only when its
    /// size and SHA-256 are the listed ones.
    private func download(_ file: ListedFile) async throws {
        let path = file.path
        let reply: HTTPReply
        do {
            reply = try await client.send("GET", "/files/" + path.percentEncoded, limit: file.size)
        } catch let error as ReplyTooLarge {
            throw MessageError("\(path) is refused: the dev server sent more than the \(file.size) bytes it listed"
                + (error.declared.map { " (it announced \($0))" } ?? ""))
        }
        let local = cacheDirectory.appendingPathComponent(path.value)
        switch reply.status {
        case 200:
            guard reply.body.count == file.size, BundleFile.sha256(of: reply.body) == file.sha256 else {
                throw MessageError("\(path) is refused: its SHA-256 or size differs from the dev server's file list (altered, or changed while downloading)")
            }
            try AtomicFile.write(Data(reply.body), to: local, permissions: 0o666)
        case 404:
            try? FileManager.default.removeItem(at: local)
        default:
            throw MessageError("GET /files/\(path): \(reply.status) \(reply.text)")
        }
    }

    /// Follows the server: connects to its feed, synchronizes the cache and
    /// reports ``RemoteBundleUpdate/synchronized(changed:)``, then downloads
    /// each change batch and reports it. When the feed drops it reports
    /// ``RemoteBundleUpdate/disconnected(_:)``, waits `retryDelay` seconds,
    /// reconnects and synchronizes again. Throws only when the first
    /// connection fails; ends when the consumer stops iterating.
    public func updates(retryDelay: Double = 1) -> AsyncThrowingStream<RemoteBundleUpdate, any Error> {
        let (stream, continuation) = AsyncThrowingStream<RemoteBundleUpdate, any Error>.makeStream()
        let remote = self
        let task = Task {
            var connected = false
            while !Task.isCancelled {
                do {
                    // Subscribed before synchronizing, so no change falls between the two.
                    var events = remote.client.events("/events").makeAsyncIterator()
                    guard let ready = try await events.next(), ready.event == "ready" else {
                        throw MessageError("the dev server's feed did not start with 'ready'")
                    }
                    continuation.yield(.synchronized(changed: try await remote.synchronize()))
                    connected = true
                    while let event = try await events.next() {
                        guard event.event == nil || event.event == "message", let paths = Self.changedPaths(event.data) else { continue }
                        try await remote.download(paths)
                        continuation.yield(.changed(paths))
                    }
                    throw MessageError("the dev server closed the feed")
                } catch {
                    if Task.isCancelled { break }
                    guard connected else {
                        continuation.finish(throwing: error)
                        return
                    }
                    continuation.yield(.disconnected("\(error)"))
                    try? await Task.sleep(nanoseconds: UInt64(retryDelay * 1e9))
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The paths of a change event's `{"changed": [...]}`.
    static func changedPaths(_ data: String) -> [String]? {
        guard case .array(let items)? = (try? JSONValue(parsing: data))?["changed"] else { return nil }
        return items.compactMap(\.stringValue)
    }
}
