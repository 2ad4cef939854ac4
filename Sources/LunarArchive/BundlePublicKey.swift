import Crypto
import Foundation

/// The public half of a bundle signing key: what a host trusts
/// (`lunar run APP.lunar --trust NAME.pub`).
///
/// File format (`NAME.pub`, UTF-8, two lines):
/// ```
/// lunar ed25519 public key
/// <base64 of the 32-byte raw Ed25519 public key>
/// ```
public struct BundlePublicKey: Sendable {
    /// The first line of a public key file.
    public static let header = "lunar ed25519 public key"

    let key: Curve25519.Signing.PublicKey

    init(_ key: Curve25519.Signing.PublicKey) { self.key = key }

    /// The key from its 32 raw bytes.
    public init(rawRepresentation: Data) throws(BundleArchiveError) {
        do { key = try Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation) } catch {
            throw BundleArchiveError(.invalidKey, "not an Ed25519 public key (\(rawRepresentation.count) bytes, 32 expected)")
        }
    }

    /// Parses a public key file's text.
    public init(fileText: String) throws(BundleArchiveError) {
        let raw = try KeyFileFormat.decode(fileText, header: Self.header, kind: "public key")
        try self.init(rawRepresentation: raw)
    }

    /// Reads a public key file.
    public init(contentsOf url: URL) throws(BundleArchiveError) {
        let text = try KeyFileFormat.read(url, kind: "public key")
        do { try self.init(fileText: text) } catch {
            throw BundleArchiveError(.invalidKey, "\(url.path): \(error.message)")
        }
    }

    /// The 32 raw bytes.
    public var rawRepresentation: Data { key.rawRepresentation }

    /// The file's text.
    public var fileText: String { KeyFileFormat.encode(rawRepresentation, header: Self.header) }

    /// 16 hex digits: the first 8 bytes of the SHA-256 of the raw key. A
    /// signature names it so "signed by another key" is told from "altered".
    public var fingerprint: String {
        String(SHA256.hash(data: rawRepresentation).hex.prefix(16))
    }

    /// Whether `signature` is this key's signature of `message`.
    public func isValidSignature(_ signature: Data, for message: Data) -> Bool {
        key.isValidSignature(signature, for: message)
    }
}
