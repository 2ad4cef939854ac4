import Foundation

/// The parts of the zip format (PKWARE's APPNOTE) that Lunar reads and writes: records,
/// their signatures and fixed sizes, flags, methods and Unix modes. No ZIP64, no encryption,
/// one disk: a `.lunar` archive is far below 4 GiB and 65,535 entries.
enum ZipFormat {
    static let localHeaderSignature: UInt32 = 0x0403_4B50
    static let centralHeaderSignature: UInt32 = 0x0201_4B50
    static let endOfCentralDirectorySignature: UInt32 = 0x0605_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let dataDescriptorSignature: UInt32 = 0x0807_4B50

    /// Fixed sizes of the records, before their variable-length fields.
    static let localHeaderSize = 30
    static let centralHeaderSize = 46
    static let endOfCentralDirectorySize = 22
    static let zip64LocatorSize = 20

    /// General purpose flags.
    static let encryptedFlag: UInt16 = 1 << 0
    static let dataDescriptorFlag: UInt16 = 1 << 3
    static let utf8NameFlag: UInt16 = 1 << 11

    /// Compression methods.
    static let stored: UInt16 = 0
    static let deflated: UInt16 = 8

    /// The high byte of "version made by": whose attributes the external attributes hold.
    static let madeByUnix: UInt16 = 3
    static let madeByMacOS: UInt16 = 19
    static let madeByMSDOS: UInt16 = 0
    /// MS-DOS's directory attribute (the low byte of the external attributes).
    static let msdosDirectory: UInt32 = 0x10

    /// Unix file types in the high 16 bits of the external attributes.
    static let typeMask: UInt16 = 0o170000
    static let regularFile: UInt16 = 0o100000
    static let directory: UInt16 = 0o040000
    static let symbolicLink: UInt16 = 0o120000

    /// A 16- or 32-bit field holding this says "see the ZIP64 record".
    static let zip64Marker16: UInt16 = 0xFFFF
    static let zip64Marker32: UInt32 = 0xFFFF_FFFF

    /// 1980-01-01 00:00 in MS-DOS date and time: the zip epoch, written on every entry.
    static let epochDate: UInt16 = (0 << 9) | (1 << 5) | 1
    static let epochTime: UInt16 = 0
}

/// The bytes of one record at a checked position: fields are read at offsets inside it.
struct ZipRecord {
    private let bytes: Data
    private let start: Int

    /// The `length` bytes at `offset` of `data`, nil unless they lie within `bounds`.
    init?(_ data: Data, at offset: Int, length: Int, within bounds: Range<Int>) {
        guard offset >= bounds.lowerBound, length >= 0, offset <= bounds.upperBound - length else { return nil }
        bytes = data
        start = data.startIndex + offset
        self.length = length
    }

    /// How many bytes the record has.
    let length: Int

    func uint16(_ offset: Int) -> UInt16 {
        precondition(offset >= 0 && offset + 2 <= length)
        return UInt16(bytes[start + offset]) | UInt16(bytes[start + offset + 1]) << 8
    }

    func uint32(_ offset: Int) -> UInt32 {
        precondition(offset >= 0 && offset + 4 <= length)
        return UInt32(uint16(offset)) | UInt32(uint16(offset + 2)) << 16
    }

    /// The bytes at `range` of the record.
    func bytes(_ range: Range<Int>) -> Data {
        precondition(range.lowerBound >= 0 && range.upperBound <= length)
        return bytes[(start + range.lowerBound)..<(start + range.upperBound)]
    }
}

extension Data {
    /// Appends `value` little-endian, in as many bytes as its type has.
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
