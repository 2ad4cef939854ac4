import Foundation
import LunarJSON

/// A persistent map from string keys to JSON values, kept in one file: what `lunar.storage` and a
/// Swift host use for small state such as a login flag or a token.
///
/// Every mutation is written through to disk before it returns, atomically (temporary file, fsync,
/// rename), so a crash mid-write leaves the previous store intact and a new instance on the same file
/// sees every completed write. Reads are served from memory.
///
/// A ``StorageQuota`` caps one value and the whole file; a write past it is refused.
///
/// Not thread-safe: confine an instance to one executor (the runtime's). Two instances on one file do
/// not see each other's writes.
public final class KeyValueStore {
    /// The file that holds the store.
    public let fileURL: URL
    /// The limits every write is checked against.
    public let quota: StorageQuota
    private var values: [String: JSONValue]
    private static let formatVersion = 1

    /// Opens the store kept in `fileURL`; a missing file is an empty store (created on first write).
    ///
    /// Throws `.corrupt` when the file exists but is not a store, and `.io` when it cannot be read.
    /// A file that is already over `quota` opens (nothing is lost); only writes that grow it are refused.
    public init(fileURL: URL, quota: StorageQuota = .default) throws(StorageError) {
        self.fileURL = fileURL
        self.quota = quota
        self.values = try Self.load(fileURL)
    }

    /// The value stored under `key`, or `nil` if there is none.
    public func value(forKey key: String) -> JSONValue? {
        values[key]
    }

    /// Every key in the store, sorted.
    public var keys: [String] {
        values.keys.sorted()
    }

    /// Stores `value` under `key`, replacing any previous value, and writes the store to disk.
    ///
    /// Throws `.unstorable` (naming the key and the offending path) when `value` has no JSON form,
    /// `.quota` when the value or the store would pass ``quota``, and `.io` when the disk write
    /// fails; the store is then unchanged.
    public func set(_ value: JSONValue, forKey key: String) throws(StorageError) {
        if quota.maxValueBytes < Int.max {
            let length: Int
            do {
                length = try value.serialized().count
            } catch {
                throw StorageError(kind: .unstorable, key: key, message: "cannot store '\(key)': \(error)")
            }
            guard length <= quota.maxValueBytes else { throw quota.valueTooLarge(length, key: key) }
        }
        var updated = values
        updated[key] = value
        try persist(updated, changing: key)
    }

    /// Removes the value under `key`, if any, and writes the store to disk.
    public func removeValue(forKey key: String) throws(StorageError) {
        guard values[key] != nil else { return }
        var updated = values
        updated[key] = nil
        try persist(updated, changing: key, growing: false)
    }

    /// Removes every value and writes the empty store to disk.
    public func removeAll() throws(StorageError) {
        try persist([:], changing: nil, growing: false)
    }

    /// Stores an `Encodable` value under `key` in its `JSONEncoder` form; see ``set(_:forKey:)``.
    public func encode(_ value: some Encodable, forKey key: String) throws(StorageError) {
        let json: JSONValue
        do {
            json = try JSONValue(encoding: value)
        } catch {
            throw StorageError(kind: .unstorable, key: key, message: "cannot store \(type(of: value)) under '\(key)': \(error)")
        }
        try set(json, forKey: key)
    }

    /// Decodes the value under `key` as `Value`; `nil` when the key is absent or the stored value has another shape.
    public func decode<Value: Decodable>(_ type: Value.Type, forKey key: String) -> Value? {
        try? values[key]?.decode(Value.self)
    }

    /// Writes `updated`; unless it only shrinks the store (`growing` false), refuses a file over the quota.
    private func persist(_ updated: [String: JSONValue], changing key: String?, growing: Bool = true) throws(StorageError) {
        let document: JSONValue = ["version": .number(Double(Self.formatVersion)), "values": .object(updated)]
        let data: Data
        do {
            data = try document.serialized()
        } catch {
            throw StorageError(kind: .unstorable, key: key, message: "cannot store '\(key ?? "")': \(error)")
        }
        if growing, data.count > quota.maxTotalBytes {
            throw StorageError(kind: .quota, key: key, message: "cannot store '\(key ?? "")': the store would be \(data.count) bytes, "
                                   + "over its limit of \(quota.maxTotalBytes) bytes (remove keys it no longer needs)")
        }
        try AtomicFile.write(data, to: fileURL)
        values = updated
    }

    private static func load(_ url: URL) throws(StorageError) -> [String: JSONValue] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StorageError(kind: .io, message: "cannot read \(url.path): \(error.localizedDescription)")
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: data)
        } catch {
            throw StorageError(kind: .corrupt, message: "\(url.path) is not a store: \(error)")
        }
        guard document.integer("version") == formatVersion, let values = document["values"]?.objectValue else {
            throw StorageError(kind: .corrupt, message: "\(url.path) is not a version \(formatVersion) store")
        }
        return values
    }
}
