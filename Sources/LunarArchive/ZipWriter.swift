import Foundation

/// Writes a zip archive in memory: for each entry a local header and its data (stored or
/// deflated), then the central directory and its end record. Every entry gets the zip
/// epoch (1980-01-01 00:00), a UTF-8 name and a Unix mode, and nothing else varies, so
/// the same entries give the same bytes. No ZIP64: an entry or archive past 4 GiB, or
/// more than 65,535 entries, is refused.
///
/// ```swift
/// var zip = ZipWriter()
/// try zip.add(ZipWriter.Entry(path: "manifest.json", bytes: manifest))
/// let archive = try zip.finish()
/// ```
package struct ZipWriter {
    /// One entry to write.
    package struct Entry {
        /// The name as stored (a directory's ends with `/`).
        package var path: String
        /// A file's contents, a symbolic link's target, nothing for a directory.
        package var bytes: Data
        package var kind: ZipEntryKind
        /// Deflated (the default) or stored as it is.
        package var method: Method
        /// The permission bits (the file type comes from `kind`).
        package var permissions: UInt16

        package enum Method: Sendable { case stored, deflated }

        package init(path: String, bytes: Data, kind: ZipEntryKind = .file, method: Method = .deflated, permissions: UInt16 = 0o644) {
            self.path = path
            self.bytes = bytes
            self.kind = kind
            self.method = method
            self.permissions = permissions
        }
    }

    /// The local headers and data written so far.
    private var body = Data()
    /// The central directory records written so far.
    private var directory = Data()
    private var count = 0

    /// An empty archive.
    package init() {}

    /// Appends `entry`'s local header and data.
    package mutating func add(_ entry: Entry) throws(BundleArchiveError) {
        let name = Data(entry.path.utf8)
        let shown = entry.path.debugDescription
        guard name.count <= Int(UInt16.max) else { throw BundleArchiveError(.tooLarge, "entry \(shown) cannot be packed: its name is too long") }
        let stored: Data
        let method: UInt16
        switch entry.method {
        case .stored:
            stored = entry.bytes
            method = ZipFormat.stored
        case .deflated:
            switch Zlib.deflate(entry.bytes) {
            case .success(let deflated): stored = deflated
            case .failure(let failure): throw BundleArchiveError(.fileSystem, "entry \(shown) cannot be packed: \(failure.message)")
            }
            method = ZipFormat.deflated
        }
        let offset = body.count
        // Below the ZIP64 markers (0xFFFFFFFF, 0xFFFF), which this writer never writes.
        guard entry.bytes.count < Int(ZipFormat.zip64Marker32), stored.count < Int(ZipFormat.zip64Marker32),
              offset < Int(ZipFormat.zip64Marker32), count < Int(ZipFormat.zip64Marker16) else {
            throw BundleArchiveError(.tooLarge, "entry \(shown) cannot be packed: a .lunar archive holds at most 65,534 entries and 4 GiB")
        }
        let crc = Zlib.crc32(entry.bytes)
        let type: UInt16 = switch entry.kind {
        case .file: ZipFormat.regularFile
        case .directory: ZipFormat.directory
        case .symbolicLink: ZipFormat.symbolicLink
        }
        var attributes = UInt32(type | (entry.permissions & ~ZipFormat.typeMask)) << 16
        if entry.kind == .directory { attributes |= ZipFormat.msdosDirectory }

        body.appendLittleEndian(ZipFormat.localHeaderSignature)
        Self.appendCommonFields(to: &body, method: method, crc: crc, compressed: stored.count, uncompressed: entry.bytes.count, nameLength: name.count)
        body.appendLittleEndian(UInt16(0))  // extra field length
        body.append(name)
        body.append(stored)

        directory.appendLittleEndian(ZipFormat.centralHeaderSignature)
        directory.appendLittleEndian(ZipFormat.madeByUnix << 8 | 20)  // Unix attributes, APPNOTE 2.0
        Self.appendCommonFields(to: &directory, method: method, crc: crc, compressed: stored.count, uncompressed: entry.bytes.count, nameLength: name.count)
        directory.appendLittleEndian(UInt16(0))  // extra field length
        directory.appendLittleEndian(UInt16(0))  // comment length
        directory.appendLittleEndian(UInt16(0))  // disk number
        directory.appendLittleEndian(UInt16(0))  // internal attributes
        directory.appendLittleEndian(attributes)
        directory.appendLittleEndian(UInt32(offset))
        directory.append(name)
        count += 1
    }

    /// The archive: the entries, the central directory and its end record.
    package func finish() throws(BundleArchiveError) -> Data {
        guard body.count < Int(ZipFormat.zip64Marker32), directory.count < Int(ZipFormat.zip64Marker32) else {
            throw BundleArchiveError(.tooLarge, "the archive cannot be packed: a .lunar archive holds at most 4 GiB")
        }
        var archive = body
        archive.append(directory)
        archive.appendLittleEndian(ZipFormat.endOfCentralDirectorySignature)
        archive.appendLittleEndian(UInt16(0))  // this disk
        archive.appendLittleEndian(UInt16(0))  // the directory's disk
        archive.appendLittleEndian(UInt16(count))  // entries on this disk
        archive.appendLittleEndian(UInt16(count))  // entries in all
        archive.appendLittleEndian(UInt32(directory.count))
        archive.appendLittleEndian(UInt32(body.count))
        archive.appendLittleEndian(UInt16(0))  // comment length
        return archive
    }

    /// From "version needed" to the name length: the same in a local header and a directory record.
    private static func appendCommonFields(to data: inout Data, method: UInt16, crc: UInt32, compressed: Int, uncompressed: Int, nameLength: Int) {
        data.appendLittleEndian(UInt16(20))  // version needed: 2.0 (deflate)
        data.appendLittleEndian(ZipFormat.utf8NameFlag)
        data.appendLittleEndian(method)
        data.appendLittleEndian(ZipFormat.epochTime)
        data.appendLittleEndian(ZipFormat.epochDate)
        data.appendLittleEndian(crc)
        data.appendLittleEndian(UInt32(compressed))
        data.appendLittleEndian(UInt32(uncompressed))
        data.appendLittleEndian(UInt16(nameLength))
    }
}
