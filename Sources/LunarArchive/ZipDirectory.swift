import Foundation

/// The entries of a zip archive as its central directory lists them, every one checked
/// against the archive's actual bytes before anything is read: the end record, the
/// directory and each local header lie inside the archive, each entry's data lies before
/// the directory and overlaps no other entry, each local header agrees with the
/// directory. Refused: ZIP64, several disks, encryption, methods other than stored and
/// deflate, a stored entry whose sizes differ, a data descriptor that disagrees.
/// Reads no entry's data (``ArchiveReader`` does, against its caps).
struct ZipDirectory {
    /// One entry, as the central directory describes it.
    struct Entry {
        /// The name as stored (UTF-8), not yet normalised.
        var name: String
        var kind: ZipEntryKind
        /// ``ZipFormat/stored`` or ``ZipFormat/deflated``.
        var method: UInt16
        var crc32: UInt32
        var compressedSize: Int
        var uncompressedSize: Int
        /// Where the entry's compressed bytes are in the archive.
        var data: Range<Int>
    }

    /// The entries in directory order.
    let entries: [Entry]

    /// Parses and checks `archive`'s structure.
    init(_ archive: Data) throws(BundleArchiveError) {
        let whole = 0..<archive.count
        let (end, endOffset) = try Self.endRecord(archive)
        let records = Int(end.uint16(10))
        let size = Int(end.uint32(12))
        let start = Int(end.uint32(16))
        guard end.uint16(4) == 0, end.uint16(6) == 0, end.uint16(8) == end.uint16(10) else {
            throw Self.broken("it spans several disks")
        }
        if end.uint16(10) == ZipFormat.zip64Marker16 || end.uint32(12) == ZipFormat.zip64Marker32
            || end.uint32(16) == ZipFormat.zip64Marker32
            || ZipRecord(archive, at: endOffset - ZipFormat.zip64LocatorSize, length: 4, within: whole)?.uint32(0) == ZipFormat.zip64LocatorSignature {
            throw Self.broken("it is a ZIP64 archive, which a .lunar archive never is (it is far below 4 GiB)")
        }
        guard start <= endOffset, size == endOffset - start else {
            throw Self.broken("its central directory (\(size) bytes at offset \(start)) does not end where the end record starts (offset \(endOffset))")
        }
        let directory = start..<endOffset
        var entries: [Entry] = []
        var spans: [(range: Range<Int>, name: String)] = []
        var offset = start
        entries.reserveCapacity(min(records, size / ZipFormat.centralHeaderSize))
        for _ in 0..<records {
            let (entry, span, next) = try Self.entry(in: archive, at: offset, directory: directory)
            entries.append(entry)
            spans.append((span, entry.name))
            offset = next
        }
        guard offset == endOffset else {
            throw Self.broken("its central directory holds \(endOffset - offset) bytes after its \(records) entries")
        }
        // Entries whose bytes overlap (one file's data read again as another's) are refused.
        spans.sort { $0.range.lowerBound < $1.range.lowerBound }
        for (earlier, later) in zip(spans, spans.dropFirst()) where later.range.lowerBound < earlier.range.upperBound {
            throw Self.broken("entries \(earlier.name.debugDescription) and \(later.name.debugDescription) overlap")
        }
        self.entries = entries
    }

    /// The end of central directory record: the last one whose comment ends the archive.
    private static func endRecord(_ archive: Data) throws(BundleArchiveError) -> (ZipRecord, offset: Int) {
        let whole = 0..<archive.count
        let last = archive.count - ZipFormat.endOfCentralDirectorySize
        let first = max(0, last - Int(UInt16.max))
        var offset = last
        while offset >= first {
            if let record = ZipRecord(archive, at: offset, length: ZipFormat.endOfCentralDirectorySize, within: whole),
               record.uint32(0) == ZipFormat.endOfCentralDirectorySignature,
               offset + record.length + Int(record.uint16(20)) == archive.count {
                return (record, offset)
            }
            offset -= 1
        }
        throw BundleArchiveError(.malformed, "not a zip archive (no end of central directory record)")
    }

    /// The central directory record at `offset`, its entry checked against its local header;
    /// also the bytes the entry occupies and where the next record starts.
    private static func entry(in archive: Data, at offset: Int, directory: Range<Int>) throws(BundleArchiveError)
        -> (Entry, span: Range<Int>, next: Int) {
        guard let header = ZipRecord(archive, at: offset, length: ZipFormat.centralHeaderSize, within: directory),
              header.uint32(0) == ZipFormat.centralHeaderSignature else {
            throw broken("its central directory has no entry record at offset \(offset)")
        }
        let nameLength = Int(header.uint16(28)), extraLength = Int(header.uint16(30)), commentLength = Int(header.uint16(32))
        let variable = nameLength + extraLength + commentLength
        guard let record = ZipRecord(archive, at: offset, length: header.length + variable, within: directory) else {
            throw broken("the central directory record at offset \(offset) runs past the directory")
        }
        let nameBytes = record.bytes(header.length..<(header.length + nameLength))
        guard let name = String(validating: nameBytes, as: UTF8.self) else {
            throw BundleArchiveError(.unsafePath, "entry \(String(decoding: nameBytes, as: UTF8.self).debugDescription) is refused: its name is not UTF-8")
        }
        let shown = name.debugDescription
        let flags = record.uint16(8), method = record.uint16(10)
        let crc = record.uint32(16), compressed = record.uint32(20), uncompressed = record.uint32(24)
        let localOffset = record.uint32(42)
        if compressed == ZipFormat.zip64Marker32 || uncompressed == ZipFormat.zip64Marker32 || localOffset == ZipFormat.zip64Marker32 {
            throw unreadable(shown, "it has ZIP64 sizes, which no entry of a .lunar archive needs")
        }
        if flags & ZipFormat.encryptedFlag != 0 { throw unreadable(shown, "it is encrypted") }
        guard method == ZipFormat.stored || method == ZipFormat.deflated else {
            throw unreadable(shown, "its compression method \(method) is not supported (only stored and deflate)")
        }
        if method == ZipFormat.stored, compressed != uncompressed {
            throw unreadable(shown, "it is stored, yet its sizes differ (\(compressed) bytes stored, \(uncompressed) declared)")
        }
        let kind = ZipEntryKind(madeBy: record.uint16(4), attributes: record.uint32(38), name: name)
        var entry = Entry(name: name, kind: kind, method: method, crc32: crc,
                          compressedSize: Int(compressed), uncompressedSize: Int(uncompressed), data: 0..<0)
        let span = try localEntry(&entry, nameBytes: nameBytes, flags: flags, in: archive, at: Int(localOffset), before: directory.lowerBound)
        return (entry, span, offset + record.length)
    }

    /// Checks the local header at `offset` against `entry` and sets where its data is;
    /// returns the bytes header, data and data descriptor occupy (all before `limit`).
    private static func localEntry(_ entry: inout Entry, nameBytes: Data, flags: UInt16, in archive: Data, at offset: Int,
                                   before limit: Int) throws(BundleArchiveError) -> Range<Int> {
        let shown = entry.name.debugDescription
        let area = 0..<limit
        guard let header = ZipRecord(archive, at: offset, length: ZipFormat.localHeaderSize, within: area),
              header.uint32(0) == ZipFormat.localHeaderSignature else {
            throw unreadable(shown, "no local header at offset \(offset)")
        }
        let nameLength = Int(header.uint16(26)), extraLength = Int(header.uint16(28))
        guard let record = ZipRecord(archive, at: offset, length: header.length + nameLength + extraLength, within: area) else {
            throw unreadable(shown, "its local header runs into the central directory")
        }
        func disagree(_ what: String) -> BundleArchiveError {
            unreadable(shown, "its local header disagrees with the central directory (\(what))")
        }
        let localFlags = record.uint16(6)
        if localFlags & (ZipFormat.encryptedFlag | ZipFormat.dataDescriptorFlag) != flags & (ZipFormat.encryptedFlag | ZipFormat.dataDescriptorFlag) {
            throw disagree("flags")
        }
        if record.uint16(8) != entry.method { throw disagree("compression method") }
        if record.bytes(header.length..<(header.length + nameLength)) != nameBytes { throw disagree("name") }
        let described = (record.uint32(14), record.uint32(18), record.uint32(22))
        let expected = (entry.crc32, UInt32(entry.compressedSize), UInt32(entry.uncompressedSize))
        let hasDescriptor = flags & ZipFormat.dataDescriptorFlag != 0
        // With a data descriptor the local header may leave CRC and sizes as zero.
        func agrees(_ local: UInt32, _ central: UInt32) -> Bool { local == central || (hasDescriptor && local == 0) }
        if !agrees(described.0, expected.0) { throw disagree("CRC-32") }
        if !agrees(described.1, expected.1) || !agrees(described.2, expected.2) { throw disagree("sizes") }
        let dataStart = offset + record.length
        guard dataStart <= limit - entry.compressedSize else {
            throw unreadable(shown, "its \(entry.compressedSize) bytes of data run past the end of the entries (offset \(limit))")
        }
        entry.data = dataStart..<(dataStart + entry.compressedSize)
        guard hasDescriptor else { return offset..<entry.data.upperBound }
        // The descriptor repeats CRC and sizes, with or without its signature; both must match.
        let descriptorStart = entry.data.upperBound
        for length in [16, 12] {
            guard let descriptor = ZipRecord(archive, at: descriptorStart, length: length, within: area) else { continue }
            let fields = length == 16 ? 4 : 0
            if length == 16, descriptor.uint32(0) != ZipFormat.dataDescriptorSignature { continue }
            if descriptor.uint32(fields) == expected.0, descriptor.uint32(fields + 4) == expected.1, descriptor.uint32(fields + 8) == expected.2 {
                return offset..<(descriptorStart + length)
            }
        }
        throw unreadable(shown, "its data descriptor is missing or disagrees with the central directory")
    }

    private static func broken(_ why: String) -> BundleArchiveError {
        BundleArchiveError(.malformed, "not a valid zip archive: \(why)")
    }

    private static func unreadable(_ shown: String, _ why: String) -> BundleArchiveError {
        BundleArchiveError(.malformed, "entry \(shown) cannot be read: \(why)")
    }
}

/// What a zip entry is, from the Unix mode in its external attributes when its maker was Unix
/// or macOS, else from a trailing `/` in its name (or MS-DOS's directory attribute).
package enum ZipEntryKind: Sendable, Hashable {
    case file, directory, symbolicLink

    init(madeBy: UInt16, attributes: UInt32, name: String) {
        let named: ZipEntryKind = name.hasSuffix("/") ? .directory : .file
        switch madeBy >> 8 {
        case ZipFormat.madeByUnix, ZipFormat.madeByMacOS:
            switch UInt16(truncatingIfNeeded: attributes >> 16) & ZipFormat.typeMask {
            case ZipFormat.symbolicLink: self = .symbolicLink
            case ZipFormat.directory: self = .directory
            case ZipFormat.regularFile: self = .file
            default: self = named
            }
        case ZipFormat.madeByMSDOS:
            self = attributes & ZipFormat.msdosDirectory != 0 ? .directory : named
        default:
            self = named
        }
    }
}
