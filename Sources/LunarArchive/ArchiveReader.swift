import Foundation

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
/// The archive's structure is checked first (``ZipDirectory``): every offset and size
/// against the archive's length, so no read goes past it and every step ends. Each entry
/// is then inflated from its own bytes only, its output bounded by the caps, and its
/// CRC-32 and size checked. Works on bytes in memory; nothing is written. Stateless and
/// thread-safe.
public struct ArchiveReader: Sendable {
    /// The caps enforced.
    public var limits: ArchiveLimits

    /// A reader enforcing `limits`.
    public init(limits: ArchiveLimits = .bundle) { self.limits = limits }

    /// Reads the archive file at `url` (refused when larger than the total cap).
    public func read(contentsOf url: URL) throws(BundleArchiveError) -> ArchiveContents {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
                throw BundleArchiveError(.malformed, "\(url.path): not a regular file")
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            guard size <= limits.maxTotalSize else {
                throw BundleArchiveError(.tooLarge, "\(url.path): the archive is \(size) bytes, over the cap of \(limits.maxTotalSize)")
            }
            // At most one byte past the cap, should the file have grown since.
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: min(limits.maxTotalSize, Int.max - 1) + 1) ?? Data()
        } catch let error as BundleArchiveError {
            throw error
        } catch {
            throw BundleArchiveError(.fileSystem, "\(url.path): cannot be read (\(error))")
        }
        return try read(data)
    }

    /// Reads an archive held in memory.
    public func read(_ data: Data) throws(BundleArchiveError) -> ArchiveContents {
        guard data.count <= limits.maxTotalSize else {
            throw BundleArchiveError(.tooLarge, "the archive is \(data.count) bytes, over the cap of \(limits.maxTotalSize)")
        }
        let directory = try ZipDirectory(data)
        guard directory.entries.count <= limits.maxEntries else {
            throw BundleArchiveError(.tooLarge, "the archive has more than \(limits.maxEntries) entries")
        }
        var contents = ArchiveContents()
        var identities: [String: String] = [:]  // identity → the path that claimed it
        var directories: Set<String> = []        // identities of directories named or implied
        var total = 0
        for entry in directory.entries {
            let path = try ArchivePath.normalized(entry.name)
            let identity = ArchivePath.identity(path)
            switch entry.kind {
            case .symbolicLink:
                throw BundleArchiveError(.symlink, "entry \(entry.name.debugDescription) is refused: it is a symbolic link")
            case .directory:
                directories.insert(identity)
                continue
            case .file:
                break
            }
            if let earlier = identities[identity] {
                throw BundleArchiveError(.duplicateEntry, "entry \(entry.name.debugDescription) is refused: it duplicates \(earlier.debugDescription)")
            }
            identities[identity] = path
            let bytes = try extract(entry, path: path, from: data, total: &total)
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

    /// The entry's bytes, decompressed no further than the first byte over a cap, then
    /// checked against its declared size and CRC-32.
    private func extract(_ entry: ZipDirectory.Entry, path: String, from archive: Data, total: inout Int) throws(BundleArchiveError) -> Data {
        let shown = path.debugDescription
        let compressed = max(1, entry.compressedSize)
        // The most bytes each cap lets through; one byte more is a refusal.
        let fileCap = limits.maxFileSize
        let totalCap = limits.maxTotalSize - total
        let perByte = limits.maxCompressionRatio.addingReportingOverflow(1)
        let product = perByte.partialValue.multipliedReportingOverflow(by: compressed)
        let ratioCap = max(limits.compressionRatioFloor, perByte.overflow || product.overflow ? .max : product.partialValue - 1)
        let bound = max(0, min(fileCap, totalCap, ratioCap, Int.max / 2))
        let bytes: Data
        if entry.method == ZipFormat.stored {
            let range = entry.data
            bytes = Data(archive[(archive.startIndex + range.lowerBound)..<(archive.startIndex + min(range.upperBound, range.lowerBound + bound + 1))])
        } else {
            let inflated = archive.withUnsafeBytes { raw in
                Zlib.inflate(UnsafeRawBufferPointer(rebasing: raw[entry.data]), maxOutput: bound)
            }
            switch inflated {
            case .success(let output): bytes = output
            case .failure(let failure): throw BundleArchiveError(.malformed, "entry \(shown) cannot be read: \(failure.message)")
            }
        }
        if bytes.count > limits.maxFileSize {
            throw BundleArchiveError(.tooLarge, "entry \(shown) is refused: it expands past the cap of \(limits.maxFileSize) bytes per file")
        }
        if total + bytes.count > limits.maxTotalSize {
            throw BundleArchiveError(.tooLarge, "entry \(shown) is refused: the archive expands past the cap of \(limits.maxTotalSize) bytes in all")
        }
        if bytes.count > limits.compressionRatioFloor, bytes.count / compressed > limits.maxCompressionRatio {
            throw BundleArchiveError(.compressionRatio, "entry \(shown) is refused: it expands more than \(limits.maxCompressionRatio):1 (a zip bomb?)")
        }
        guard bytes.count == entry.uncompressedSize else {
            throw BundleArchiveError(.malformed, "entry \(shown) cannot be read: it expands to \(bytes.count) bytes, not the \(entry.uncompressedSize) its headers declare")
        }
        guard Zlib.crc32(bytes) == entry.crc32 else {
            throw BundleArchiveError(.malformed, "entry \(shown) cannot be read: its CRC-32 does not match: the data is corrupt")
        }
        total += bytes.count
        return bytes
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
