import Foundation
import ZIPFoundation

/// The files of a zip archive, read defensively: every entry path is
/// checked (no `../`, no absolute paths, no backslashes), symbolic links and
/// duplicate names (also after normalising case, `./`, `//` and Unicode form)
/// are refused, and the caps of ``ArchiveLimits`` are enforced on the bytes
/// actually decompressed, so a zip bomb is stopped as soon as it passes one.
///
/// ```swift
/// let contents = try ArchiveReader().read(data)     // or read(contentsOf: url)
/// contents.files["manifest.json"]
/// ```
/// Archives in memory pass through a private temporary file (ZIPFoundation's
/// file-backed reading is the robust one); nothing else is written. Stateless
/// and thread-safe.
public struct ArchiveReader: Sendable {
    /// The caps enforced.
    public var limits: ArchiveLimits

    /// A reader enforcing `limits`.
    public init(limits: ArchiveLimits = .bundle) { self.limits = limits }

    /// Reads the archive file at `url` (refused when larger than the total cap).
    public func read(contentsOf url: URL) throws(BundleArchiveError) -> ArchiveContents {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
                throw BundleArchiveError(.malformed, "\(url.path): not a regular file")
            }
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch let error as BundleArchiveError {
            throw error
        } catch {
            throw BundleArchiveError(.fileSystem, "\(url.path): cannot be read (\(Self.describe(error)))")
        }
        guard size <= limits.maxTotalSize else {
            throw BundleArchiveError(.tooLarge, "\(url.path): the archive is \(size) bytes, over the cap of \(limits.maxTotalSize)")
        }
        return try readFile(url)
    }

    /// Reads an archive held in memory (through a private temporary file).
    public func read(_ data: Data) throws(BundleArchiveError) -> ArchiveContents {
        guard data.count <= limits.maxTotalSize else {
            throw BundleArchiveError(.tooLarge, "the archive is \(data.count) bytes, over the cap of \(limits.maxTotalSize)")
        }
        // ZIPFoundation's in-memory archive traps on some malformed archives (a read past the
        // end of its buffer, found by fuzzing) and leaks when it refuses one; its file-backed
        // archive does neither.
        let directory = try PrivateFile.makeUniqueDirectory(in: FileManager.default.temporaryDirectory, prefix: "lunar-archive-")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("archive.zip")
        try PrivateFile.create(file, contents: data, mode: 0o600)
        return try readFile(file)
    }

    private func readFile(_ url: URL) throws(BundleArchiveError) -> ArchiveContents {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw BundleArchiveError(.malformed, "not a zip archive (\(Self.describe(error)))")
        }
        var contents = ArchiveContents()
        var identities: [String: String] = [:]  // identity → the path that claimed it
        var directories: Set<String> = []        // identities of directories named or implied
        var total = 0
        var count = 0
        for entry in archive {
            count += 1
            guard count <= limits.maxEntries else {
                throw BundleArchiveError(.tooLarge, "the archive has more than \(limits.maxEntries) entries")
            }
            let path = try ArchivePath.normalized(entry.path)
            let identity = ArchivePath.identity(path)
            switch entry.type {
            case .symlink:
                throw BundleArchiveError(.symlink, "entry \(entry.path.debugDescription) is refused: it is a symbolic link")
            case .directory:
                directories.insert(identity)
                continue
            case .file:
                break
            }
            if let earlier = identities[identity] {
                throw BundleArchiveError(.duplicateEntry, "entry \(entry.path.debugDescription) is refused: it duplicates \(earlier.debugDescription)")
            }
            identities[identity] = path
            let bytes = try extract(entry, path: path, from: archive, total: &total)
            contents.paths.append(path)
            contents.files[path] = bytes
        }
        // A file and a directory of the same name cannot both be written.
        for identity in identities.keys {
            var parent = identity
            while let slash = parent.lastIndex(of: "/") {
                parent = String(parent[..<slash])
                directories.insert(parent)
            }
        }
        for (identity, path) in identities.sorted(by: { $0.key < $1.key }) where directories.contains(identity) {
            throw BundleArchiveError(.duplicateEntry, "entry \(path.debugDescription) is refused: it is both a file and a directory")
        }
        return contents
    }

    /// The entry's bytes, counted as they are decompressed against the caps.
    private func extract(_ entry: Entry, path: String, from archive: Archive, total: inout Int) throws(BundleArchiveError) -> Data {
        var bytes = Data()
        let compressed = max(1, Int(clamping: entry.compressedSize))
        let limits = self.limits
        let before = total
        var refusal: BundleArchiveError?
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                bytes.append(chunk)
                let shown = path.debugDescription
                if bytes.count > limits.maxFileSize {
                    refusal = BundleArchiveError(.tooLarge, "entry \(shown) is refused: it expands past the cap of \(limits.maxFileSize) bytes per file")
                } else if before + bytes.count > limits.maxTotalSize {
                    refusal = BundleArchiveError(.tooLarge, "entry \(shown) is refused: the archive expands past the cap of \(limits.maxTotalSize) bytes in all")
                } else if bytes.count > limits.compressionRatioFloor, bytes.count / compressed > limits.maxCompressionRatio {
                    refusal = BundleArchiveError(.compressionRatio, "entry \(shown) is refused: it expands more than \(limits.maxCompressionRatio):1 (a zip bomb?)")
                }
                if refusal != nil { throw CancellationError() }  // stops decompressing at once
            }
        } catch {
            if let refusal { throw refusal }
            throw BundleArchiveError(.malformed, "entry \(path.debugDescription) cannot be read (\(Self.describe(error)))")
        }
        total = before + bytes.count
        return bytes
    }

    /// ZIPFoundation's errors are bare enum cases; say which.
    static func describe(_ error: any Error) -> String {
        if let archiveError = error as? Archive.ArchiveError {
            switch archiveError {
            case .invalidCRC32: return "its CRC-32 does not match: the data is corrupt"
            case .missingEndOfCentralDirectoryRecord: return "no end of central directory record"
            case .unreadableArchive: return "unreadable"
            default: return "\(archiveError)"
            }
        }
        return "\(error)"
    }
}

/// The files an ``ArchiveReader`` read: normalised relative path → bytes.
public struct ArchiveContents: Sendable, Hashable {
    /// Each file's bytes by its normalised path (`./a//b` is `a/b`).
    public var files: [String: Data] = [:]
    /// The file paths in archive order.
    public var paths: [String] = []

    /// No files.
    public init() {}
}
