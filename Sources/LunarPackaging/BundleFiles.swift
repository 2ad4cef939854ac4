import Foundation

/// Which files of a bundle directory go into an archive: regular files,
/// sorted, without hidden files and directories (`.git/`, `.lunar/`,
/// `.DS_Store`, `.luarc.json`, editor swap files such as `.login.lua.swp`),
/// editor backups (`name~`, `#name#`), and, unless development files are
/// included, the top-level `spec/` and `mock-api/`.
enum BundleFiles {
    /// Top-level directories used only in development and tests.
    static let developmentDirectories: Set<String> = ["spec", "mock-api"]

    /// The bundle-relative paths to pack; refuses symbolic links and the
    /// reserved `_lunar/` directory.
    static func collect(in root: URL, includeDevelopmentFiles: Bool) throws(BundleArchiveError) -> [String] {
        var found: [String] = []
        try walk(root, relative: "", into: &found, includeDevelopmentFiles: includeDevelopmentFiles)
        return found.sorted()
    }

    /// Whether a file or directory name is junk that is never packed.
    static func isJunk(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || (name.hasPrefix("#") && name.hasSuffix("#"))
            || name.hasSuffix(".swp") || name.hasSuffix(".swo") || name == "Thumbs.db"
    }

    private static func walk(_ directory: URL, relative: String, into found: inout [String], includeDevelopmentFiles: Bool) throws(BundleArchiveError) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path) } catch {
            throw BundleArchiveError(.fileSystem, "\(directory.path): cannot be listed (\(error.localizedDescription))")
        }
        for name in names.sorted() where !isJunk(name) {
            let path = relative.isEmpty ? name : relative + "/" + name
            if relative.isEmpty {
                if name == BundleFileList.reservedDirectory {
                    throw BundleArchiveError(.invalidBundle, "\(path): the name is reserved for the archive's own files")
                }
                if !includeDevelopmentFiles, developmentDirectories.contains(name) { continue }
            }
            let url = directory.appendingPathComponent(name)
            let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?:
                try walk(url, relative: path, into: &found, includeDevelopmentFiles: includeDevelopmentFiles)
            case .typeRegular?:
                found.append(try ArchivePath.normalized(path))
            case .typeSymbolicLink?:
                throw BundleArchiveError(.symlink, "\(path) is a symbolic link: bundles are packed from regular files only")
            default:
                throw BundleArchiveError(.invalidBundle, "\(path) is not a regular file or directory")
            }
        }
    }
}
