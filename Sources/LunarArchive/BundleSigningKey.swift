import Crypto
import Foundation

/// An Ed25519 key that signs bundles (`lunar keygen`, `lunar bundle --sign NAME.key`).
///
/// File format (`NAME.key`, UTF-8, two lines; written with mode 0600):
/// ```
/// lunar ed25519 private key
/// <base64 of the 32-byte raw Ed25519 private key (the seed)>
/// ```
public struct BundleSigningKey: Sendable {
    /// The first line of a private key file.
    public static let header = "lunar ed25519 private key"

    let key: Curve25519.Signing.PrivateKey

    /// A new random key.
    public init() { key = Curve25519.Signing.PrivateKey() }

    /// The key from its 32 raw bytes.
    public init(rawRepresentation: Data) throws(BundleArchiveError) {
        do { key = try Curve25519.Signing.PrivateKey(rawRepresentation: rawRepresentation) } catch {
            throw BundleArchiveError(.invalidKey, "not an Ed25519 private key (\(rawRepresentation.count) bytes, 32 expected)")
        }
    }

    /// Parses a private key file's text.
    public init(fileText: String) throws(BundleArchiveError) {
        let raw = try KeyFileFormat.decode(fileText, header: Self.header, kind: "private key")
        try self.init(rawRepresentation: raw)
    }

    /// Reads a private key file.
    public init(contentsOf url: URL) throws(BundleArchiveError) {
        let text = try KeyFileFormat.read(url, kind: "private key")
        do { try self.init(fileText: text) } catch {
            throw BundleArchiveError(.invalidKey, "\(url.path): \(error.message)")
        }
    }

    /// The key hosts trust.
    public var publicKey: BundlePublicKey { BundlePublicKey(key.publicKey) }

    /// The file's text.
    public var fileText: String { KeyFileFormat.encode(key.rawRepresentation, header: Self.header) }

    /// Signs `message` (64 bytes).
    public func signature(for message: Data) throws(BundleArchiveError) -> Data {
        do { return try key.signature(for: message) } catch {
            throw BundleArchiveError(.invalidKey, "cannot sign: \(error)")
        }
    }

    /// Writes `NAME.key` (mode 0600) and `NAME.pub` for `base` (`keys/release` →
    /// `keys/release.key`, `keys/release.pub`); refuses to overwrite either.
    public func write(to base: URL) throws(BundleArchiveError) -> (privateKey: URL, publicKey: URL) {
        let privateURL = URL(fileURLWithPath: base.path + ".key")
        let publicURL = URL(fileURLWithPath: base.path + ".pub")
        for url in [privateURL, publicURL] where FileManager.default.fileExists(atPath: url.path) {
            throw BundleArchiveError(.fileSystem, "\(url.path) already exists: keys are never overwritten")
        }
        try PrivateFile.create(privateURL, contents: Data(fileText.utf8), mode: 0o600)
        try PrivateFile.create(publicURL, contents: Data(publicKey.fileText.utf8), mode: 0o644)
        return (privateURL, publicURL)
    }
}
