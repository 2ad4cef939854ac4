import Foundation
import LunarDevServer
import Testing

@Suite struct SHA256DigestTests {
    @Test func knownVectors() {
        #expect(SHA256Digest(of: Array("".utf8)).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest(of: Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256Digest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hex
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// Lengths around the padding boundaries (55, 56, 63, 64, 65 bytes), checked against coreutils.
    @Test func paddingBoundariesMatchSha256sum() throws {
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 1000] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            p.arguments = [file.path]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(SHA256Digest(of: bytes).hex == String(printed.prefix(64)), "length \(length)")
        }
    }
}
