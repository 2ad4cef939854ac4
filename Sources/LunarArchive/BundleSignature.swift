import Foundation

/// `_lunar/signature`: an Ed25519 signature over the exact bytes of
/// `_lunar/files.json`, naming the signing key's fingerprint so a bundle
/// signed by another key is told apart from one altered after signing.
///
/// Format (UTF-8, three lines, each ending with a newline):
/// ```
/// lunar signature 1
/// key ed25519 <fingerprint: 16 lowercase hex digits>
/// signature <base64 of the 64-byte Ed25519 signature>
/// ```
public struct BundleSignature: Sendable, Hashable {
    /// Where the signature sits in the archive.
    public static let path = "_lunar/signature"
    static let header = "lunar signature 1"

    /// The signing key's ``BundlePublicKey/fingerprint``.
    public var keyFingerprint: String
    /// The 64-byte Ed25519 signature.
    public var signature: Data

    /// A signature by the key with `keyFingerprint`.
    public init(keyFingerprint: String, signature: Data) {
        self.keyFingerprint = keyFingerprint
        self.signature = signature
    }

    /// Signs `fileList` (the exact bytes stored as `_lunar/files.json`).
    public init(signing fileList: Data, with key: BundleSigningKey) throws(BundleArchiveError) {
        self.init(keyFingerprint: key.publicKey.fingerprint, signature: try key.signature(for: fileList))
    }

    /// The file's text.
    public var fileText: String {
        "\(Self.header)\nkey ed25519 \(keyFingerprint)\nsignature \(signature.base64EncodedString())\n"
    }

    /// Parses the file; anything but the exact format is malformed.
    public static func decode(_ data: Data) throws(BundleArchiveError) -> BundleSignature {
        let malformed = BundleArchiveError(.malformed, "\(path) is not a Lunar signature (expected '\(header)', a key line and a signature line)")
        guard data.count < 1024, let text = String(data: data, encoding: .utf8) else { throw malformed }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 4, lines[3].isEmpty, lines[0] == header,
              lines[1].hasPrefix("key ed25519 "), lines[2].hasPrefix("signature ")
        else { throw malformed }
        let fingerprint = String(lines[1].dropFirst("key ed25519 ".count))
        guard fingerprint.count == 16, fingerprint.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
              let signature = Data(base64Encoded: String(lines[2].dropFirst("signature ".count))), signature.count == 64
        else { throw malformed }
        return BundleSignature(keyFingerprint: fingerprint, signature: signature)
    }
}
