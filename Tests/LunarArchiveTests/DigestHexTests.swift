import Crypto
import Foundation
import LunarArchive
import Testing

/// `Digest.hex`: the one way content is named by its SHA-256 (file lists, archives, ETags, fingerprints).
@Suite struct DigestHexTests {
    @Test func sha256IsLowercaseHexTwoDigitsAByte() {
        #expect(SHA256.hash(data: Data()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hash(data: Data("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aFileListEntryAndAKeyFingerprintUseIt() {
        let bytes = Data("return {}\n".utf8)
        #expect(BundleFileList.File(describing: bytes).sha256 == SHA256.hash(data: bytes).hex)
        let key = BundleSigningKey()
        let fingerprint = key.publicKey.fingerprint
        #expect(fingerprint.count == 16)
        #expect(SHA256.hash(data: key.publicKey.rawRepresentation).hex.hasPrefix(fingerprint))
    }
}
