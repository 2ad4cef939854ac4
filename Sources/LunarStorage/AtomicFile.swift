#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Durable file writes, the one way Lunar replaces a file (the script store, the update store,
/// archives, snapshots, caches): whole replacements that a crash leaves old or new, never
/// mixed, and complete writes to an open file.
public enum AtomicFile {
    /// Replaces `url`'s contents: writes a temporary sibling, flushes it to disk, renames it over
    /// the target and flushes the folder, so a crash at any point leaves the old bytes or the new.
    /// Creates the folder when missing. A new file gets `permissions` narrowed by the umask (the
    /// default keeps it private; `0o666` is what any other tool would create). Errors are `.io`,
    /// naming the step and the path.
    public static func write(_ data: Data, to url: URL, permissions: mode_t = 0o600) throws(StorageError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw StorageError(kind: .io, message: "cannot create \(directory.path): \(error.localizedDescription)")
        }
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw failure("open", temporary, errno) }
        let code = writeAllAndFlush(data, to: descriptor)
        close(descriptor)
        if code != 0 {
            unlink(temporary.path)
            throw failure("write", temporary, code)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = failure("rename", url, errno)
            unlink(temporary.path)
            throw error
        }
        // The rename itself is durable only once the folder entry is flushed.
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Writes all of `data` to the open file `descriptor` (retrying short and interrupted writes)
    /// and flushes it to disk. Returns 0, or the `errno` of the step that failed.
    public static func writeAllAndFlush(_ data: Data, to descriptor: Int32) -> Int32 {
        let code = writeAll(data, to: descriptor)
        if code == 0, fsync(descriptor) != 0 { return errno }
        return code
    }

    /// Writes all of `data` to the open file `descriptor`, retrying short and interrupted writes;
    /// does not flush. Returns 0, or the `errno` of the write that failed.
    public static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        var code: Int32 = 0
        data.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let count = systemWrite(descriptor, raw.baseAddress! + written, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    return
                }
                written += count
            }
        }
        return code
    }

    private static func failure(_ operation: String, _ url: URL, _ code: Int32) -> StorageError {
        StorageError(kind: .io, message: "\(operation) \(url.path): \(String(cString: strerror(code)))")
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
