import Foundation
import LunarBase
import LunarArchive

/// What the publisher signs besides the archive: which channel a release is for and where it
/// stands in that channel's order. A device takes a release only with a statement signed by
/// its trusted key, for its own channel, whose sequence is above that of every release it
/// took before, so a server (or anyone between) cannot send it back to an older signed release
/// or one made for another channel. A rollback is a new statement for the older archive with a
/// higher sequence (`rollback: true`), signed by the publisher: the one way back.
public struct ReleaseStatement: Codable, Sendable, Hashable {
    /// The channel the release is published to.
    public var channel: String
    /// The archive's SHA-256 (lowercase hex): the statement is about these bytes only.
    public var sha256: String
    /// Increasing within a channel: milliseconds since 1970 at signing, or one above the
    /// channel's newest when that is higher.
    public var sequence: Int
    /// True when it takes the channel back to an earlier archive.
    public var rollback: Bool

    public init(channel: String, sha256: String, sequence: Int, rollback: Bool = false) {
        self.channel = channel
        self.sha256 = sha256
        self.sequence = sequence
        self.rollback = rollback
    }

    /// The statement signed with `key`.
    public func signed(with key: BundleSigningKey) throws(UpdateError) -> SignedReleaseStatement {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes: Data
        do { bytes = try encoder.encode(self) } catch { throw UpdateError("cannot encode the release statement: \(error)") }
        do {
            let signature = try key.signature(for: SignedReleaseStatement.message(bytes))
            return SignedReleaseStatement(statement: bytes.base64EncodedString(), signature: signature.base64EncodedString(),
                                          key: key.publicKey.fingerprint)
        } catch {
            throw UpdateError("cannot sign the release statement: \(error.message)")
        }
    }

    /// The sequence for a new statement of a channel whose newest statement has `newest`.
    public static func nextSequence(after newest: Int?, now: Date = Date()) -> Int {
        let clock = Int(now.timeIntervalSince1970 * 1000)
        guard let newest, newest < Int.max else { return clock }
        return max(clock, newest + 1)
    }
}

/// A ``ReleaseStatement`` as it travels: its exact JSON bytes, their Ed25519 signature (over
/// `"lunar-release-statement\0"` + the bytes), both base64, and the signing key's fingerprint.
public struct SignedReleaseStatement: Codable, Sendable, Hashable {
    public var statement: String
    public var signature: String
    public var key: String

    public init(statement: String, signature: String, key: String) {
        self.statement = statement
        self.signature = signature
        self.key = key
    }

    static func message(_ bytes: Data) -> Data { Data("lunar-release-statement\0".utf8) + bytes }

    /// The statement, without checking who signed it (the server without publisher keys).
    public func unverified() throws(UpdateError) -> ReleaseStatement {
        guard statement.utf8.count <= 4096, let bytes = Data(base64Encoded: statement),
              let decoded = try? JSONDecoder().decode(ReleaseStatement.self, from: bytes)
        else { throw UpdateError("the release statement is not base64 of {\"channel\", \"sha256\", \"sequence\", \"rollback\"}") }
        return decoded
    }

    /// The statement, once its signature is checked against `key`.
    public func verified(by key: BundlePublicKey) throws(UpdateError) -> ReleaseStatement {
        let decoded = try unverified()
        guard let bytes = Data(base64Encoded: statement), let signature = Data(base64Encoded: signature),
              key.isValidSignature(signature, for: Self.message(bytes))
        else {
            throw UpdateError("its release statement is not signed by the trusted key \(key.fingerprint) (it names key \(LogText.quoted(self.key, limit: 40)))")
        }
        return decoded
    }
}
