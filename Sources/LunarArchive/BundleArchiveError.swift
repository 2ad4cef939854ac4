import Foundation

/// Why a `.lunar` archive was refused (or could not be made), with a message
/// for a person: each refusal names the archive entry or key involved.
public struct BundleArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of refusal, for hosts and tests that react to one kind.
    public enum Reason: String, Sendable, Hashable {
        /// Not a zip archive, or no valid `_lunar/files.json`.
        case malformed
        /// An entry path that leaves the bundle: `../`, absolute, a backslash, a control character.
        case unsafePath
        /// A symbolic link entry.
        case symlink
        /// Two entries with the same path once normalised (case, `./`, `//`, Unicode form).
        case duplicateEntry
        /// Over a size cap: an entry, the total, or the number of entries.
        case tooLarge
        /// An entry expanding far more than data does: a zip bomb.
        case compressionRatio
        /// No `_lunar/signature` while a key is trusted.
        case unsigned
        /// Signed, but by a key other than the trusted one.
        case signedByAnotherKey
        /// Signed by the trusted key's fingerprint, but the signature does not verify.
        case badSignature
        /// A file whose SHA-256 or size differs from the signed list.
        case fileAltered
        /// A file in the archive that the signed list does not name.
        case fileAdded
        /// A file the signed list names that the archive lacks.
        case fileMissing
        /// Built for another bridge API version than the host's.
        case bridgeAPIMismatch
        /// Bytecode built by another Lua release.
        case bytecodeMismatch
        /// The bundle inside is broken (its manifest, or `lunar check` problems when packing).
        case invalidBundle
        /// A key file that cannot be read or has the wrong format.
        case invalidKey
        /// Reading or writing files failed.
        case fileSystem
    }

    /// The kind of refusal.
    public var reason: Reason
    /// What a person reads.
    public var message: String

    /// A refusal of kind `reason` saying `message`.
    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
