import Foundation
import LunarBundle

/// Which files of a bundle directory go into an archive: what belongs to the
/// bundle (``BundleContents``: regular files, sorted, without hidden files,
/// editor backups and temporaries) and, unless development files are
/// included, not the top-level `spec/` and `mock-api/`.
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

    private static func walk(_ directory: URL, relative: String, into found: inout [String], includeDevelopmentFiles: Bool) throws(BundleArchiveError) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path) } catch {
            throw BundleArchiveError(.fileSystem, "\(directory.path): cannot be listed (\(error.localizedDescription))")
        }
        for name in names.sorted() where !BundleContents.excludes(name) {
            let path = relative.isEmpty ? name : relative + "/" + name
            if relative.isEmpty {
                if name == BundleFileList.reservedDirectory {
                    throw BundleArchiveError(.invalidBundle, "\(path): the name is reserved for the archive's own files")
                }
                if !includeDevelopmentFiles, developmentDirectories.contains(name) { continue }
            }
            let url = directory.appendingPathComponent(name)
            switch BundleContents.kind(of: url) {
            case .directory:
                try walk(url, relative: path, into: &found, includeDevelopmentFiles: includeDevelopmentFiles)
            case .file:
                found.append(try ArchivePath.normalized(path))
            case .symbolicLink:
                throw BundleArchiveError(.symlink, "\(path) is a symbolic link: bundles are packed from regular files only")
            case .other, .missing:
                throw BundleArchiveError(.invalidBundle, "\(path) is not a regular file or directory")
            }
        }
    }
}
