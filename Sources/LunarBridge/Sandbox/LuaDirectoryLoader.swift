import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads modules from a directory: `screens.login` → `screens/login.lua` or
/// `screens/login/init.lua`. Names with path syntax (`..`, `/`, absolute) are refused.
///
/// A symbolic link is never followed, wherever it sits below the root (the module file or a
/// folder on its way) and wherever it points, inside the root or out of it: `require` refuses
/// it with `module 'x': components/card.lua is a symbolic link; a bundle's files are never
/// links`, as the packer, the watcher and the dev server leave links out of a bundle
/// (`BundleContents`). Each step is opened relative to the one before it without following a
/// link, so a link swapped in while a module loads is not followed either. The root itself
/// may be reached through links (`/tmp` on macOS is one).
public final class LuaDirectoryLoader: LuaModuleLoader {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    public func source(forModule name: String) throws -> (source: String, chunkName: String)? {
        guard let chunk = try chunk(forModule: name) else { return nil }
        let file = String(chunk.chunkName.dropFirst())
        guard !chunk.isBinary, let text = String(data: chunk.bytes, encoding: .utf8) else {
            throw LuaError.message("\(file): not UTF-8 text (binary chunks are not loaded)")
        }
        return (text, chunk.chunkName)
    }

    /// The file's bytes as they are: text, or bytecode (which the state
    /// refuses unless it accepts binary modules).
    public func chunk(forModule name: String) throws -> LuaModuleChunk? {
        for candidate in try ModulePath.candidates(forModule: name) {
            if let bytes = try read(candidate, module: name) {
                return LuaModuleChunk(bytes: bytes, chunkName: "@" + candidate)
            }
        }
        return nil
    }

    /// The bytes of the regular file at `candidate` (root-relative), nil when nothing, a folder
    /// or a device is there. Throws for a symbolic link on the way and for a file that cannot be read.
    private func read(_ candidate: String, module name: String) throws -> Data? {
        var directory = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return nil }
        defer { close(directory) }
        let parts = candidate.split(separator: "/").map(String.init)
        for (position, part) in parts.enumerated() {
            let isFile = position == parts.count - 1
            let shown = parts[...position].joined(separator: "/")
            var info = stat()
            guard fstatat(directory, part, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            let type = info.st_mode & S_IFMT
            if type == S_IFLNK {
                throw Self.linkRefused(shown, module: name)
            }
            guard type == (isFile ? S_IFREG : S_IFDIR) else { return nil }
            let opened = openat(directory, part, (isFile ? O_RDONLY : O_RDONLY | O_DIRECTORY) | O_NOFOLLOW | O_CLOEXEC)
            guard opened >= 0 else {
                let code = errno
                if code == ELOOP {
                    throw Self.linkRefused(shown, module: name)
                }
                if code == ENOENT || code == ENOTDIR { return nil }  // gone (or swapped) since it was looked at
                throw LuaError.message("module '\(name)': \(shown) cannot be read (\(String(cString: strerror(code))))")
            }
            if isFile {
                let handle = FileHandle(fileDescriptor: opened, closeOnDealloc: true)
                do {
                    return try handle.readToEnd() ?? Data()
                } catch {
                    throw LuaError.message("module '\(name)': \(shown) cannot be read (\(error.localizedDescription))")
                }
            }
            close(directory)
            directory = opened
        }
        return nil
    }

    private static func linkRefused(_ path: String, module name: String) -> LuaError {
        .message("module '\(name)': \(path) is a symbolic link; a bundle's files are never links")
    }
}
