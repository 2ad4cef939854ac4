import Crypto
import Foundation
import LunarArchive
import LunarStorage
import LunarUpdates

/// Release archives on disk, named by their SHA-256 (`DATA/archives/<sha256>.lunar`): a name
/// is never reused for other bytes, so the URLs that serve them are immutable and any CDN may
/// cache them forever. Written durably (``AtomicFile``): a crash leaves no half archive.
struct ArchiveFiles: Sendable {
    let directory: URL

    init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func url(_ sha256: String) -> URL { directory.appendingPathComponent("\(sha256).lunar") }

    /// Stores `data`; returns its SHA-256 (lowercase hex).
    func store(_ data: Data) throws(StorageError) -> String {
        let sha256 = SHA256.hash(data: data).hex
        let target = url(sha256)
        if FileManager.default.fileExists(atPath: target.path) { return sha256 }
        try AtomicFile.write(data, to: target, permissions: 0o666)
        return sha256
    }

    /// The archive's bytes, nil when there is none by that name (or the name is not a SHA-256).
    func read(_ sha256: String) -> Data? {
        guard Self.isSHA256(sha256) else { return nil }
        return try? Data(contentsOf: url(sha256), options: .mappedIfSafe)
    }

    /// Where patches are kept: `DATA/patches/OLD-NEW.zstpatch`.
    var patches: URL { directory.deletingLastPathComponent().appendingPathComponent("patches", isDirectory: true) }

    func patchURL(from old: String, to new: String) -> URL { patches.appendingPathComponent("\(old)-\(new).zstpatch") }

    /// The kept patch from archive `old` to archive `new`; nil when there is none. Never made
    /// here: patches are made once, when a release is published (``makePatch(from:to:)``).
    func patch(from old: String, to new: String) -> Data? {
        guard Self.isSHA256(old), Self.isSHA256(new), old != new else { return nil }
        return try? Data(contentsOf: patchURL(from: old, to: new), options: .mappedIfSafe)
    }

    /// Makes and keeps the patch from archive `old` to archive `new` (``ArchivePatch``); false
    /// when either is missing or the patch would not be smaller than `new` itself.
    func makePatch(from old: String, to new: String) -> Bool {
        guard Self.isSHA256(old), Self.isSHA256(new), old != new else { return false }
        let file = patchURL(from: old, to: new)
        if FileManager.default.fileExists(atPath: file.path) { return true }
        guard let base = read(old), let target = read(new) else { return false }
        // Level 19 takes seconds per MiB: past 8 MiB a faster level keeps publishing within its request.
        let level: Int32 = max(base.count, target.count) > 8 << 20 ? 9 : 19
        guard let patch = try? ArchivePatch.make(from: base, to: target, level: level), patch.count < target.count else { return false }
        return (try? AtomicFile.write(patch, to: file, permissions: 0o666)) != nil
    }

    static func isSHA256(_ text: some StringProtocol) -> Bool {
        text.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
