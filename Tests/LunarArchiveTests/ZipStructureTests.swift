import Foundation
import LunarArchive
import Synchronization
import Testing

/// The zip structure is checked against the archive's bytes before anything is read, so
/// malformed archives are refused with a reason, and promptly: no input makes reading loop.
@Suite struct ZipStructureTests {
    /// A deflate entry whose data is a non-final stored block (LEN 65535) and nothing more:
    /// ZIPFoundation 0.9.20 waited forever for the rest of the block (CI's fuzz timeout).
    @Test func aDeflateStreamThatEndsEarlyIsRefusedPromptly() throws {
        let block = Data([0x00, 0xFF, 0xFF, 0x00, 0x00])  // BFINAL 0, stored, LEN 65535, NLEN 0
        let truncated = CraftedZip(name: "a.lua", method: 8, data: block, uncompressedSize: 65535).bytes
        let error = try #require(refusalWithinDeadline(truncated))
        #expect(error.reason == .malformed)
        #expect(error.message == "entry \"a.lua\" cannot be read: its deflate data ends early (truncated)")

        // The same block, its compressed size claiming the rest of the archive (the central
        // directory and the end record) as its content.
        var claiming = CraftedZip(name: "a.lua", method: 8, data: block, uncompressedSize: 65535)
        claiming.compressedSize = UInt32(claiming.bytes.count - 30 - 5)
        let past = try #require(refusalWithinDeadline(claiming.bytes))
        #expect(past.reason == .malformed)
        #expect(past.message.hasPrefix("entry \"a.lua\" cannot be read: its \(claiming.compressedSize) bytes of data run past the end of the entries"), "\(past.message)")
    }

    /// A stored entry declaring 2^62 bytes (ZIP64): ZIPFoundation 0.9.20 fed empty chunks
    /// for ever, counting each as read.
    @Test func aStoredEntryDeclaringExabytesIsRefusedPromptly() throws {
        var huge = CraftedZip(name: "a.lua", method: 0, data: Data("x".utf8), uncompressedSize: 0xFFFF_FFFF)
        huge.compressedSize = 0xFFFF_FFFF
        var extra = Data([0x01, 0x00, 16, 0x00])  // the ZIP64 extra field: two 8-byte sizes
        for _ in 0..<2 { extra.append(contentsOf: withUnsafeBytes(of: UInt64(1 << 62).littleEndian) { Array($0) }) }
        huge.extra = extra
        let error = try #require(refusalWithinDeadline(huge.bytes))
        #expect(error.reason == .malformed)
        #expect(error.message == "entry \"a.lua\" cannot be read: it has ZIP64 sizes, which no entry of a .lunar archive needs")

        // Without ZIP64: a stored entry declaring 4 GiB - 2 bytes that holds one.
        var large = CraftedZip(name: "a.lua", method: 0, data: Data("x".utf8), uncompressedSize: 0xFFFF_FFFE)
        large.compressedSize = 0xFFFF_FFFE
        let past = try #require(refusalWithinDeadline(large.bytes))
        #expect(past.reason == .malformed)
        #expect(past.message.contains("bytes of data run past the end of the entries"), "\(past.message)")
    }

    @Test func aTruncatedArchiveIsRefused() throws {
        let whole = try RawZip.make([RawEntry("manifest.json", "{}"), RawEntry("screens/home.lua", "return {}")])
        for length in [0, 10, whole.count / 2, whole.count - 1] {
            let error = try #require(refusalWithinDeadline(whole.prefix(length)), "\(length) bytes")
            #expect(error.reason == .malformed)
            #expect(error.message == "not a zip archive (no end of central directory record)", "\(length) bytes")
        }
        // Cut inside the data, the end record kept: the directory no longer ends where it says.
        var cut = whole
        cut.removeSubrange(20..<30)
        let error = try #require(refusalWithinDeadline(cut))
        #expect(error.reason == .malformed)
        #expect(error.message.hasPrefix("not a valid zip archive: its central directory"), "\(error.message)")
    }

    @Test func offsetsPastTheEndAreRefused() throws {
        // The directory's offset past the end of the archive.
        var directory = CraftedZip(name: "a.lua", method: 0, data: Data("x".utf8), uncompressedSize: 1)
        directory.directoryOffset = 0x7FFF_0000
        let error = try #require(refusalWithinDeadline(directory.bytes))
        #expect(error.reason == .malformed)
        #expect(error.message.hasPrefix("not a valid zip archive: its central directory (51 bytes at offset 2147418112)"), "\(error.message)")
        // An entry's local header past the end of the entries.
        var local = CraftedZip(name: "a.lua", method: 0, data: Data("x".utf8), uncompressedSize: 1)
        local.localHeaderOffset = 0x10_0000
        let header = try #require(refusalWithinDeadline(local.bytes))
        #expect(header.message == "entry \"a.lua\" cannot be read: no local header at offset 1048576")
    }

    @Test func aLocalHeaderThatDisagreesWithTheDirectoryIsRefused() throws {
        var name = CraftedZip(name: "a.lua", method: 0, data: Data("x".utf8), uncompressedSize: 1)
        name.localName = "b.lua"
        #expect(refusalWithinDeadline(name.bytes)?.message == "entry \"a.lua\" cannot be read: its local header disagrees with the central directory (name)")
        var method = CraftedZip(name: "a.lua", method: 0, data: Data("x".utf8), uncompressedSize: 1)
        method.localMethod = 8
        #expect(refusalWithinDeadline(method.bytes)?.message == "entry \"a.lua\" cannot be read: its local header disagrees with the central directory (compression method)")
        var size = CraftedZip(name: "a.lua", method: 0, data: Data("x".utf8), uncompressedSize: 1)
        size.localUncompressedSize = 2
        #expect(refusalWithinDeadline(size.bytes)?.message == "entry \"a.lua\" cannot be read: its local header disagrees with the central directory (sizes)")
    }

    @Test func aBadCRCIsRefused() throws {
        var data = try RawZip.make([RawEntry("a.lua", Data("return 1".utf8), compression: .stored)])
        let at = try #require(data.firstRange(of: Data("return 1".utf8))).lowerBound
        data[at] = UInt8(ascii: "R")
        let error = try #require(refusalWithinDeadline(data))
        #expect(error.reason == .malformed)
        #expect(error.message == "entry \"a.lua\" cannot be read: its CRC-32 does not match: the data is corrupt")
    }

    @Test func unknownMethodsEncryptionAndUnequalStoredSizesAreRefused() throws {
        let bzip2 = CraftedZip(name: "a.lua", method: 12, data: Data("x".utf8), uncompressedSize: 1)
        #expect(refusalWithinDeadline(bzip2.bytes)?.message == "entry \"a.lua\" cannot be read: its compression method 12 is not supported (only stored and deflate)")
        var encrypted = CraftedZip(name: "a.lua", method: 0, data: Data("x".utf8), uncompressedSize: 1)
        encrypted.flags = 1
        #expect(refusalWithinDeadline(encrypted.bytes)?.message == "entry \"a.lua\" cannot be read: it is encrypted")
        let unequal = CraftedZip(name: "a.lua", method: 0, data: Data("x".utf8), uncompressedSize: 2)
        #expect(refusalWithinDeadline(unequal.bytes)?.message == "entry \"a.lua\" cannot be read: it is stored, yet its sizes differ (1 bytes stored, 2 declared)")
    }

    @Test func overlappingEntriesAreRefused() throws {
        // Two directory records pointing at the same local header and data.
        var twice = CraftedZip(name: "a.lua", method: 0, data: Data("x".utf8), uncompressedSize: 1)
        twice.directoryCopies = 2
        let error = try #require(refusalWithinDeadline(twice.bytes))
        #expect(error.reason == .malformed)
        #expect(error.message == "not a valid zip archive: entries \"a.lua\" and \"a.lua\" overlap")
    }

    @Test func aSizeThatDisagreesWithTheDataIsRefused() throws {
        // Headers declaring 10 bytes for an entry that inflates to 4 KiB, within the caps.
        var data = try RawZip.make([RawEntry("liar.txt", Data(repeating: 0x41, count: 4096))])
        #expect(ArchiveReaderTests.patchUncompressedSizes(of: &data, to: 10) == 2)
        let error = try #require(refusalWithinDeadline(data))
        #expect(error.reason == .malformed)
        #expect(error.message == "entry \"liar.txt\" cannot be read: it expands to 4096 bytes, not the 10 its headers declare")
    }

    @Test func aDataDescriptorIsReadWhenItAgrees() throws {
        var described = CraftedZip(name: "a.lua", method: 0, data: Data("x".utf8), uncompressedSize: 1)
        described.flags = 1 << 3
        described.descriptor = true
        let contents = try #require(readWithinDeadline(described.bytes)).get()
        #expect(contents.files["a.lua"] == Data("x".utf8))
        described.descriptorCRC = 0
        #expect(refusalWithinDeadline(described.bytes)?.message == "entry \"a.lua\" cannot be read: its data descriptor is missing or disagrees with the central directory")
    }

    @Test func theSeedsOfTheFuzzTargetAreRefusedPromptly() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/FuzzArchive/corpus").standardizedFileURL
        for seed in ["hang-deflate-truncated", "hang-deflate-eof", "hang-stored-zip64"] {
            let bytes = try Data(contentsOf: corpus.appendingPathComponent(seed))
            #expect(refusalWithinDeadline(bytes)?.reason == .malformed, "\(seed)")
        }
    }

    /// Written by the ZIPFoundation packer (lunar before its own zip writer): `lunar keygen`,
    /// then `lunar bundle app -o old.lunar --sign old.key` of a two-file bundle.
    @Test func anArchiveFromTheFormerPackerStillVerifies() throws {
        let data = try #require(Data(base64Encoded: Self.formerArchive.joined()))
        let key = try BundlePublicKey(fileText: "lunar ed25519 public key\nUUlmEStluZDhgWRWZFB4MMlk4poyb11lpJyJSqo1QXI=\n")
        let archive = try BundleArchive(data: data, name: "old.lunar")
        try archive.verify(trusting: key, bridgeAPI: archive.fileList.bridgeAPI)
        #expect(archive.contents.paths == ["manifest.json", "screens/home.lua"])
        #expect(archive.contents.files["screens/home.lua"].map { String(decoding: $0, as: UTF8.self) }?.contains("packed by the ZIPFoundation packer") == true)
    }

    static let formerArchive = [
        "UEsDBBQAAAgIAAAAIQBXWGEbSgAAAFsAAAANAAAAbWFuaWZlc3QuanNvbqtWykvMTVWyUlDKz0lR0lFQKkstKs7MzwOJGOoZ6BmAxFLzSooqQSL6GflAxUCR",
        "ovzSktRioFA1VAwoWZxclJqaV6wH5tfWcgEAUEsDBBQAAAgIAAAAIQAeI/LbaQAAAHcAAAAQAAAAc2NyZWVucy9ob21lLmx1YS3MMQrDMAxG4T2n+PFkL7lB",
        "10C2DJ26ubZCRIzcCgtaQu9et2T+Hq/UFAuMcYHS01jJu2ISdTR2YVBqpoKjo2TSXq0mqXEVH3Ci8XilV/PuEdNOGfc32ka4zctUTXL81fibuoD+wWf4AlBL",
        "AwQUAAAICAAAACEAiQR5bO4AAACCAQAAEQAAAF9sdW5hci9maWxlcy5qc29udZC7TgQxDEX7+YpRajTEdpwHHSUdv5BJHHbQPKTJQsFq/515IFEgyut7fX3k",
        "W9O2ql+H/CbPry+qfWpVSmiQgbxlZxmSetgzZRil7v5tU5ue4jwUqdfuvS7z73xz6iUi26PK9xaSI4EQShGdKYOBFCyFHDBCYJ9ND4xB20JUAorrXcmE0WQy",
        "EY/TZ+nwJXtlgGNyPw1V0yoy18fLMkk3fsT/QIxmz6wJRciL85lij8wpObSGJWXtQhKRZCVkQYra6OLJc4Ko0eS/IADhJGl+aFRZ1ileD+/Qc5yOpFrGc199",
        "ylqH81sKOt1p1dybb1BLAwQUAAAICAAAACEAsTnsF4kAAACSAAAAEAAAAF9sdW5hci9zaWduYXR1cmVFykkOgjAUANA9p+gRbBsQFiwghUSCcQgQ6u5/+iPI",
        "YMLU6Old+tZv2CaY2dI9J1i3mRh3evowMsJ1ecBIIBhf+h5hwJEfnH/MV7yk31bmWxwsppDaNoOUNVXC9lhU6AH4GYHGU57VyXh+qd28I3sUdasevW5v3ain",
        "Mp5LUNdqv5vU2EZFYej8AFBLAQIVAxQAAAgIAAAAIQBXWGEbSgAAAFsAAAANAAAAAAAAAAAAAACkgQAAAABtYW5pZmVzdC5qc29uUEsBAhUDFAAACAgAAAAh",
        "AB4j8ttpAAAAdwAAABAAAAAAAAAAAAAAAKSBdQAAAHNjcmVlbnMvaG9tZS5sdWFQSwECFQMUAAAICAAAACEAiQR5bO4AAACCAQAAEQAAAAAAAAAAAAAApIEM",
        "AQAAX2x1bmFyL2ZpbGVzLmpzb25QSwECFQMUAAAICAAAACEAsTnsF4kAAACSAAAAEAAAAAAAAAAAAAAApIEpAgAAX2x1bmFyL3NpZ25hdHVyZVBLBQYAAAAA",
        "BAAEAPYAAADgAgAAAAA=",
    ]
}

/// Reads `data` on a thread of its own and waits at most `seconds`: a read that has not ended
/// by then is recorded as an issue (nil), so a regression fails instead of hanging the suite.
func readWithinDeadline(_ data: Data, seconds: Double = 10) -> Result<ArchiveContents, BundleArchiveError>? {
    let outcome = Mutex<Result<ArchiveContents, BundleArchiveError>?>(nil)
    let finished = DispatchSemaphore(value: 0)
    let reader = Thread {
        let result = Result { () throws(BundleArchiveError) in try ArchiveReader().read(data) }
        outcome.withLock { $0 = result }
        finished.signal()
    }
    reader.start()
    guard finished.wait(timeout: .now() + seconds) == .success else {
        Issue.record("reading the archive did not end within \(seconds) s")
        return nil
    }
    return outcome.withLock { $0 }
}

/// The refusal reading `data` ends with (within the deadline), nil if it read or timed out.
func refusalWithinDeadline(_ data: Data) -> BundleArchiveError? {
    guard case .failure(let error) = readWithinDeadline(data) else { return nil }
    return error
}

/// A one-entry zip written field by field, so each field can be made wrong.
struct CraftedZip {
    var name: String
    var method: UInt16
    var data: Data
    var uncompressedSize: UInt32
    var compressedSize: UInt32
    var crc: UInt32
    var flags: UInt16 = 0
    var extra = Data()
    var localName: String?
    var localMethod: UInt16?
    var localUncompressedSize: UInt32?
    var localHeaderOffset: UInt32 = 0
    var directoryOffset: UInt32?
    var directoryCopies = 1
    var descriptor = false
    var descriptorCRC: UInt32?

    init(name: String, method: UInt16, data: Data, uncompressedSize: UInt32) {
        self.name = name
        self.method = method
        self.data = data
        self.uncompressedSize = uncompressedSize
        compressedSize = UInt32(data.count)
        crc = method == 0 ? Self.crc32(data) : 0
    }

    var bytes: Data {
        var out = Data()
        func u16(_ v: UInt16) { out.append(contentsOf: [UInt8(v & 0xFF), UInt8(v >> 8)]) }
        func u32(_ v: UInt32) { u16(UInt16(v & 0xFFFF)); u16(UInt16(v >> 16)) }
        let nameBytes = Data(name.utf8)
        let localNameBytes = Data((localName ?? name).utf8)
        u32(0x0403_4B50); u16(20); u16(flags); u16(localMethod ?? method); u16(0); u16(0x21)
        u32(crc); u32(compressedSize); u32(localUncompressedSize ?? uncompressedSize)
        u16(UInt16(localNameBytes.count)); u16(UInt16(extra.count)); out.append(localNameBytes); out.append(extra)
        out.append(data)
        if descriptor { u32(0x0807_4B50); u32(descriptorCRC ?? crc); u32(compressedSize); u32(uncompressedSize) }
        let start = out.count
        for _ in 0..<directoryCopies {
            u32(0x0201_4B50); u16(0x0314); u16(20); u16(flags); u16(method); u16(0); u16(0x21)
            u32(crc); u32(compressedSize); u32(uncompressedSize)
            u16(UInt16(nameBytes.count)); u16(UInt16(extra.count)); u16(0); u16(0); u16(0)
            u32(0o100644 << 16); u32(localHeaderOffset); out.append(nameBytes); out.append(extra)
        }
        let size = out.count - start
        u32(0x0605_4B50); u16(0); u16(0); u16(UInt16(directoryCopies)); u16(UInt16(directoryCopies))
        u32(UInt32(size)); u32(directoryOffset ?? UInt32(start)); u16(0)
        return out
    }

    /// The zip CRC-32, bit by bit (the test's own, independent of zlib).
    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
