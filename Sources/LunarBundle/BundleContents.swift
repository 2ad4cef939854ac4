import Foundation

/// What belongs to a bundle: the one rule the watcher, the packer and the dev
/// server's file list share, so a file is reloaded, packed and served alike.
///
/// A bundle is its regular files and the directories holding them. Left out:
/// hidden names (`.git/`, `.lunar/`, `.DS_Store`, `.luarc.json`, an editor's
/// `.#x` lock and `.x.swp` swap files), editor backups and temporaries (`x~`,
/// `#x#`, `x.swp`, `x.swo`, `x.tmp`) and `Thumbs.db`.
///
/// Symbolic links are never followed: a link can name a file outside the
/// bundle, or change what a signed or served copy holds behind its back. The
/// packer refuses a bundle with one (an archive never silently lacks a file);
/// the watcher and the dev server leave it out.
///
/// The paths stay three types, one per source of a path: `ModulePath` (a module
/// name and its file, for `require`), the dev server's `BundlePath` (a path a
/// request or a cache names, validated before any file is opened) and the
/// packer's `ArchivePath` (an archive entry's name, normalised or refused with
/// the archive's own error codes).
public enum BundleContents {
    /// What a directory entry is, the entry itself (a link is not followed).
    public enum Kind: Sendable, Equatable {
        /// A regular file: part of the bundle unless its name is excluded.
        case file
        /// A directory: its contents count unless its name is excluded.
        case directory
        /// A symbolic link: never part of a bundle.
        case symbolicLink
        /// A device, socket or pipe: never part of a bundle.
        case other
        /// Nothing is there (or it cannot be read).
        case missing
    }

    /// Whether a file or directory named `name` is left out of a bundle, and
    /// with a directory everything in it.
    public static func excludes(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || (name.hasPrefix("#") && name.hasSuffix("#"))
            || name.hasSuffix(".swp") || name.hasSuffix(".swo") || name.hasSuffix(".tmp") || name == "Thumbs.db"
    }

    /// What the entry at `url` is.
    public static func kind(of url: URL) -> Kind {
        switch (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType {
        case .typeRegular?: .file
        case .typeDirectory?: .directory
        case .typeSymbolicLink?: .symbolicLink
        case nil: .missing
        default: .other
        }
    }

    /// The root-relative, `/`-separated paths of every regular file that
    /// belongs to the bundle at `root`, sorted; links and excluded names are left out.
    public static func files(under root: URL) -> [String] {
        var found: [String] = []
        collect(root, relative: "", into: &found)
        return found.sorted()
    }

    private static func collect(_ directory: URL, relative: String, into found: inout [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where !excludes(name) {
            let path = relative.isEmpty ? name : relative + "/" + name
            let url = directory.appendingPathComponent(name)
            switch kind(of: url) {
            case .file: found.append(path)
            case .directory: collect(url, relative: path, into: &found)
            case .symbolicLink, .other, .missing: continue
            }
        }
    }
}
