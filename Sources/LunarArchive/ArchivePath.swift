import Foundation

/// The rules for entry paths in an archive: relative, inside the bundle,
/// written one way. Used when reading and when packing.
enum ArchivePath {
    /// The path with empty and `.` components dropped (`./a//b` → `a/b`), or
    /// a refusal when it could leave the bundle or name something odd.
    static func normalized(_ raw: String) throws(BundleArchiveError) -> String {
        let shown = raw.debugDescription
        if raw.isEmpty { throw BundleArchiveError(.unsafePath, "an entry has an empty name") }
        if raw.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw BundleArchiveError(.unsafePath, "entry \(shown) is refused: its name has a control character")
        }
        if raw.contains("\\") {
            throw BundleArchiveError(.unsafePath, "entry \(shown) is refused: its name has a backslash (a Windows path separator)")
        }
        if raw.hasPrefix("/") || Self.hasDriveLetter(raw) {
            throw BundleArchiveError(.unsafePath, "entry \(shown) is refused: it is an absolute path")
        }
        let parts = raw.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        if parts.contains("..") {
            throw BundleArchiveError(.unsafePath, "entry \(shown) is refused: it leaves the bundle (path traversal with '..')")
        }
        if parts.isEmpty { throw BundleArchiveError(.unsafePath, "entry \(shown) is refused: it names no file") }
        return parts.joined(separator: "/")
    }

    /// What two paths share when they would be the same file on some file
    /// system: case-folded, Unicode-composed.
    static func identity(_ normalized: String) -> String {
        normalized.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// `C:...`: absolute on Windows.
    private static func hasDriveLetter(_ raw: String) -> Bool {
        let scalars = Array(raw.unicodeScalars.prefix(2))
        return scalars.count == 2 && scalars[1] == ":" && scalars[0].properties.isAlphabetic
    }
}
