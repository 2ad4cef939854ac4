import Foundation
import LunarStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creating files and directories without following symbolic links and
/// without replacing anything: what extraction and key files need.
enum PrivateFile {
    /// Creates `url` (it must not exist; a symbolic link there is not followed)
    /// with `contents` and permissions `mode`.
    static func create(_ url: URL, contents: Data, mode: mode_t) throws(BundleArchiveError) {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw failure("cannot create", url) }
        defer { close(fd) }
        _ = fchmod(fd, mode)  // the umask may have narrowed it
        let code = AtomicFile.writeAll(contents, to: fd)
        guard code == 0 else {
            errno = code
            throw failure("cannot write", url)
        }
    }

    /// Creates the directory `url` (it must not exist) with mode 0700.
    static func makeDirectory(_ url: URL) throws(BundleArchiveError) {
        guard mkdir(url.path, 0o700) == 0 else { throw failure("cannot create the directory", url) }
    }

    /// A new directory with mode 0700 and an unguessable name inside `parent`.
    static func makeUniqueDirectory(in parent: URL, prefix: String) throws(BundleArchiveError) -> URL {
        var template = Array(parent.appendingPathComponent(prefix + "XXXXXX").path.utf8CString)
        let made: Bool = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) != nil }
        guard made else { throw failure("cannot create a directory", parent) }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    private static func failure(_ what: String, _ url: URL) -> BundleArchiveError {
        BundleArchiveError(.fileSystem, "\(url.path): \(what) (\(String(cString: strerror(errno))))")
    }
}
