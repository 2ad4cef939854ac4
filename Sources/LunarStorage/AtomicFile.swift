#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Replaces a file's contents so that a crash at any point leaves either the old or the new bytes,
/// never a mix: write a temporary sibling, flush it to disk, rename it over the target, flush the folder.
enum AtomicFile {
    static func write(_ data: Data, to url: URL) throws(StorageError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw StorageError(kind: .io, message: "cannot create \(directory.path): \(error.localizedDescription)")
        }
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("open", temporary) }
        let outcome: StorageError? = data.withUnsafeBytes { raw -> StorageError? in
            var written = 0
            while written < raw.count {
                let count = systemWrite(descriptor, raw.baseAddress! + written, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return failure("write", temporary)
                }
                written += count
            }
            return fsync(descriptor) == 0 ? nil : failure("fsync", temporary)
        }
        close(descriptor)
        if let outcome {
            unlink(temporary.path)
            throw outcome
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = failure("rename", url)
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

    private static func failure(_ operation: String, _ url: URL) -> StorageError {
        StorageError(kind: .io, message: "\(operation) \(url.path): \(String(cString: strerror(errno)))")
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
