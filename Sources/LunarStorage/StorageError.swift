import Foundation

/// Why a `KeyValueStore` operation failed. A failed operation leaves the store, in memory and on
/// disk, exactly as it was before.
public struct StorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad reason, for callers that branch on it.
    public enum Kind: String, Sendable, Hashable {
        /// The value has no JSON form (a non-finite number, or an `Encodable` that failed to encode).
        case unstorable
        /// The store file exists but is not a store this version can read.
        case corrupt
        /// The file system refused a read or write.
        case io
        /// The write would pass the store's ``StorageQuota``.
        case quota
    }

    /// The broad reason.
    public let kind: Kind
    /// The key involved, when the failure concerns one value.
    public let key: String?
    /// A sentence for logs and script error messages.
    public let message: String

    /// Creates an error; used by the store and by adapters that reject a value before it reaches the store.
    public init(kind: Kind, key: String? = nil, message: String) {
        self.kind = kind
        self.key = key
        self.message = message
    }

    /// `"storage <kind>: <message>"`.
    public var description: String { "storage \(kind.rawValue): \(message)" }
}

extension StorageError: LocalizedError {
    /// The ``message``: what callers that report `localizedDescription` show.
    public var errorDescription: String? { message }
}
