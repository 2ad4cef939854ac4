import Foundation
import LunarArchive
import LunarTestSupport
import Testing

/// Key files: the documented text format, round trips, and refusals.
@Suite struct KeyFileTests {
    @Test func keysRoundTripThroughTheirFiles() throws {
        let work = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let key = BundleSigningKey()
        let (privateURL, publicURL) = try key.write(to: work.appendingPathComponent("release"))
        #expect(privateURL.lastPathComponent == "release.key" && publicURL.lastPathComponent == "release.pub")
        let mode = try FileManager.default.attributesOfItem(atPath: privateURL.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let text = try String(contentsOf: publicURL, encoding: .utf8)
        #expect(text == "lunar ed25519 public key\n\(key.publicKey.rawRepresentation.base64EncodedString())\n")
        #expect(try String(contentsOf: privateURL, encoding: .utf8).hasPrefix("lunar ed25519 private key\n"))

        let readBack = try BundleSigningKey(contentsOf: privateURL)
        let trusted = try BundlePublicKey(contentsOf: publicURL)
        #expect(readBack.publicKey.fingerprint == key.publicKey.fingerprint)
        #expect(trusted.fingerprint.count == 16)
        let message = Data("files.json".utf8)
        #expect(trusted.isValidSignature(try readBack.signature(for: message), for: message))
        #expect(!trusted.isValidSignature(try readBack.signature(for: message), for: Data("other".utf8)))
        // Never overwritten.
        #expect(BundleArchiveError.Reason.of { _ = try BundleSigningKey().write(to: work.appendingPathComponent("release")) } == .fileSystem)
    }

    @Test func malformedKeyFilesAreRefused() throws {
        let key = BundleSigningKey()
        // A private key file is not a public key file, and the other way round.
        #expect(BundleArchiveError.Reason.of { _ = try BundlePublicKey(fileText: key.fileText) } == .invalidKey)
        #expect(BundleArchiveError.Reason.of { _ = try BundleSigningKey(fileText: key.publicKey.fileText) } == .invalidKey)
        #expect(BundleArchiveError.Reason.of { _ = try BundlePublicKey(fileText: "lunar ed25519 public key\nAAAA\n") } == .invalidKey)
        #expect(BundleArchiveError.Reason.of { _ = try BundlePublicKey(fileText: "lunar ed25519 public key\n!!!\n") } == .invalidKey)
        #expect(BundleArchiveError.Reason.of { _ = try BundlePublicKey(contentsOf: URL(fileURLWithPath: "/nonexistent.pub")) } == .invalidKey)
    }

    @Test func signaturesHaveTheDocumentedFormat() throws {
        let key = BundleSigningKey()
        let signature = try BundleSignature(signing: Data("x".utf8), with: key)
        let lines = signature.fileText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[0] == "lunar signature 1")
        #expect(lines[1] == "key ed25519 \(key.publicKey.fingerprint)")
        #expect(lines[2].hasPrefix("signature ") && Data(base64Encoded: String(lines[2].dropFirst(10)))?.count == 64)
        #expect(try BundleSignature.decode(Data(signature.fileText.utf8)) == signature)
    }
}
