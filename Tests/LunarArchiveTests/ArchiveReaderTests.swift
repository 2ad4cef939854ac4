import Foundation
import LunarArchive
import Testing

/// The reader refuses what could escape the bundle or exhaust the host,
/// before anything is written to disk.
@Suite struct ArchiveReaderTests {
    func refusal(_ entries: [RawEntry], limits: ArchiveLimits = .bundle) throws -> BundleArchiveError? {
        let data = try RawZip.make(entries)
        do {
            _ = try ArchiveReader(limits: limits).read(data)
            return nil
        } catch {
            return error
        }
    }

    /// Found by the archive fuzz target: ZIPFoundation's in-memory reading trapped on these
    /// bytes (a read past the end of its buffer). The central directory points past the end,
    /// which the structure check refuses before reading anything.
    @Test func aMalformedArchiveThatTrappedTheInMemoryReaderIsRefused() throws {
        let data = try #require(Data(base64Encoded: "UEsDBBQAAAAAAEl5dV2GphA2BQAAAAUAAAAFAAAAYS50eHRoZWxsb1BLAwQUAAAAAABJeXVdj10OXmQAAABkAAAACQAAAGRpci9iLnR4dHh4eAAAAABhLnR4dFBLAQIUAxQAAAAAAEl5dV2PXQ5eZAAAAGQAAAAJAAAAAAAAAAAAAACAASgAAABkaXIvYi50eHRQSwUGAAAAAAIAAgBqAAAAswAAAAAA"))
        let error = try #require(refusalWithinDeadline(data))
        #expect(error.reason == .malformed)
        #expect(error.message == "not a valid zip archive: its central directory (106 bytes at offset 179) does not end where the end record starts (offset 146)")
    }

    @Test func readsFilesByNormalisedPath() throws {
        let contents = try ArchiveReader().read(RawZip.make([
            RawEntry("manifest.json", "{}"),
            RawEntry("screens/", Data(), type: .directory),
            RawEntry("./screens//home.lua", "return {}"),
        ]))
        #expect(contents.paths == ["manifest.json", "screens/home.lua"])
        #expect(contents.files["screens/home.lua"] == Data("return {}".utf8))
    }

    @Test func refusesPathTraversal() throws {
        for path in ["../evil.lua", "screens/../../evil.lua", "a/./../../b"] {
            let error = try #require(try refusal([RawEntry(path, "x")]), "\(path)")
            #expect(error.reason == .unsafePath)
            #expect(error.message.contains("it leaves the bundle (path traversal with '..')"))
        }
        let windows = try #require(try refusal([RawEntry("..\\evil.lua", "x")]))
        #expect(windows.reason == .unsafePath)
        #expect(windows.message.contains("backslash"))
    }

    @Test func refusesAbsolutePaths() throws {
        for path in ["/etc/passwd", "C:/Windows/evil.lua"] {
            let error = try #require(try refusal([RawEntry(path, "x")]), "\(path)")
            #expect(error.reason == .unsafePath)
            #expect(error.message.contains("it is an absolute path"))
        }
        #expect(try refusal([RawEntry("a\u{1}b", "x")])?.reason == .unsafePath)
    }

    @Test func refusesSymbolicLinks() throws {
        let error = try #require(try refusal([RawEntry("screens/home.lua", "/etc/passwd", type: .symbolicLink)]))
        #expect(error.reason == .symlink)
        #expect(error.message == "entry \"screens/home.lua\" is refused: it is a symbolic link")
    }

    @Test func refusesDuplicateNamesAlsoWhenNormalised() throws {
        let pairs = [
            ("a.lua", "a.lua"), ("a.lua", "A.lua"), ("a/b.lua", "a//b.lua"), ("a.lua", "./a.lua"),
            ("caf\u{E9}.lua", "cafe\u{301}.lua"),  // the same name, composed and decomposed
        ]
        for (first, second) in pairs {
            let error = try #require(try refusal([RawEntry(first, "1"), RawEntry(second, "2")]), "\(first) \(second)")
            #expect(error.reason == .duplicateEntry)
            #expect(error.message.contains("it duplicates"))
        }
        let clash = try #require(try refusal([RawEntry("lib", "file"), RawEntry("lib/x.lua", "x")]))
        #expect(clash.reason == .duplicateEntry)
        #expect(clash.message.contains("both a file and a directory"))
    }

    @Test func capsTheSizeOfEachFileOnTheDecompressedBytes() throws {
        let limits = ArchiveLimits(maxFileSize: 1000, compressionRatioFloor: .max)
        #expect(try refusal([RawEntry("ok.txt", Data(count: 1000))], limits: limits) == nil)
        let error = try #require(try refusal([RawEntry("big.txt", Data(count: 1001))], limits: limits))
        #expect(error.reason == .tooLarge)
        #expect(error.message == "entry \"big.txt\" is refused: it expands past the cap of 1000 bytes per file")
        // Stored (not compressed) entries are counted the same way.
        #expect(try refusal([RawEntry("big.bin", Data(count: 1001), compression: .stored)], limits: limits)?.reason == .tooLarge)
    }

    @Test func capsTheTotalSizeAndTheEntryCount() throws {
        let total = ArchiveLimits(maxFileSize: 1000, maxTotalSize: 1500, compressionRatioFloor: .max)
        let error = try #require(try refusal([RawEntry("a", Data(count: 800)), RawEntry("b", Data(count: 800))], limits: total))
        #expect(error.reason == .tooLarge)
        #expect(error.message.contains("the archive expands past the cap of 1500 bytes in all"))
        let count = ArchiveLimits(maxEntries: 3)
        let entries = (1...4).map { RawEntry("f\($0)", "x") }
        #expect(try refusal(entries, limits: count)?.message == "the archive has more than 3 entries")
    }

    @Test func refusesAZipBombByItsCompressionRatio() throws {
        // 8 MiB of zeros deflate to about 8 KiB: a ratio near 1000:1.
        let error = try #require(try refusal([RawEntry("bomb.lua", Data(count: 8 << 20))]))
        #expect(error.reason == .compressionRatio)
        #expect(error.message == "entry \"bomb.lua\" is refused: it expands more than 200:1 (a zip bomb?)")
        // Small, very compressible files are fine.
        #expect(try refusal([RawEntry("blank.txt", Data(count: 64 << 10))]) == nil)
    }

    @Test func sizesInHeadersAreNotTrusted() throws {
        // A zip whose headers say its one entry holds 10 bytes while it inflates to 4 KiB.
        var data = try RawZip.make([RawEntry("liar.txt", Data(repeating: 0x41, count: 4096))])
        let patched = Self.patchUncompressedSizes(of: &data, to: 10)
        #expect(patched == 2)  // the local header and the central directory
        let limits = ArchiveLimits(maxFileSize: 1000, compressionRatioFloor: .max)
        do {
            _ = try ArchiveReader(limits: limits).read(data)
            Issue.record("read an entry past the cap because its header lied")
        } catch {
            // The cap counts the bytes that actually came out, not the 10 the headers claim.
            #expect(error.reason == .tooLarge, "\(error)")
            #expect(error.message == "entry \"liar.txt\" is refused: it expands past the cap of 1000 bytes per file")
        }
    }

    @Test func refusesWhatIsNotAZip() throws {
        for bytes in [Data(), Data("PK\u{3}\u{4}garbage".utf8), Data(repeating: 0xFF, count: 100)] {
            #expect(BundleArchiveError.Reason.of { _ = try ArchiveReader().read(bytes) } == .malformed)
        }
    }

    /// Rewrites the uncompressed-size field of every local header (offset 22)
    /// and central directory record (offset 24); returns how many it found.
    static func patchUncompressedSizes(of data: inout Data, to size: UInt32) -> Int {
        var found = 0
        let bytes = [UInt8](data)
        var out = bytes
        func put(_ offset: Int) {
            for i in 0..<4 { out[offset + i] = UInt8((size >> (8 * UInt32(i))) & 0xFF) }
        }
        var i = 0
        while i + 4 <= bytes.count {
            if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x03, bytes[i + 3] == 0x04 { put(i + 22); found += 1 }
            if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x01, bytes[i + 3] == 0x02 { put(i + 24); found += 1 }
            i += 1
        }
        data = Data(out)
        return found
    }
}
