import Foundation
import LunarJSON

/// A persistent map from string keys to JSON values, kept in one file: what `lunar.storage` and a
/// Swift host use for small state such as a login flag or a token.
///
/// Each value is kept as the JSON text it was stored as (a `JSONValue`'s compact text, or the text
/// an adapter such as `lunar.storage` wrote), unchanged on disk and back: a script gets back what
/// its own JSON encoder wrote (`2.0` stays a float, a 64-bit integer keeps every digit).
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
    private var texts: [String: [UInt8]]
    private static let formatVersion = 1

    /// Opens the store kept in `fileURL`; a missing file is an empty store (created on first write).
    ///
    /// Throws `.corrupt` when the file exists but is not a store, and `.io` when it cannot be read.
    /// A file that is already over `quota` opens (nothing is lost); only writes that grow it are refused.
    public init(fileURL: URL, quota: StorageQuota = .default) throws(StorageError) {
        self.fileURL = fileURL
        self.quota = quota
        self.texts = try Self.load(fileURL)
    }

    /// The value stored under `key`, or `nil` if there is none.
    public func value(forKey key: String) -> JSONValue? {
        texts[key].flatMap { try? JSONValue(parsing: $0) }
    }

    /// The JSON text of the value stored under `key`, as it was stored, or `nil` if there is none.
    public func jsonText(forKey key: String) -> [UInt8]? {
        texts[key]
    }

    /// Every key in the store, sorted.
    public var keys: [String] {
        texts.keys.sorted()
    }

    /// Stores `value` under `key`, replacing any previous value, and writes the store to disk.
    ///
    /// Throws `.unstorable` (naming the key and the offending path) when `value` has no JSON form,
    /// `.quota` when the value or the store would pass ``quota``, and `.io` when the disk write
    /// fails; the store is then unchanged.
    public func set(_ value: JSONValue, forKey key: String) throws(StorageError) {
        let text: Data
        do {
            text = try value.serialized()
        } catch {
            throw StorageError(kind: .unstorable, key: key, message: "cannot store '\(key)': \(error)")
        }
        try store([UInt8](text), forKey: key)
    }

    /// Stores the JSON document `text` under `key` as it is written, replacing any previous value,
    /// and writes the store to disk: for adapters whose own encoder wrote it (`lunar.storage`).
    ///
    /// Throws `.unstorable` when `text` is not one JSON document, otherwise as ``set(_:forKey:)``.
    public func setJSONText(_ text: some Collection<UInt8>, forKey key: String) throws(StorageError) {
        let bytes = [UInt8](text)
        do {
            _ = try JSONValue(parsing: bytes)
        } catch {
            throw StorageError(kind: .unstorable, key: key, message: "cannot store '\(key)': \(error)")
        }
        try store(bytes, forKey: key)
    }

    /// Removes the value under `key`, if any, and writes the store to disk.
    public func removeValue(forKey key: String) throws(StorageError) {
        guard texts[key] != nil else { return }
        var updated = texts
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
        try? value(forKey: key)?.decode(Value.self)
    }

    /// Stores checked JSON text, within the value quota.
    private func store(_ text: [UInt8], forKey key: String) throws(StorageError) {
        guard text.count <= quota.maxValueBytes else { throw quota.valueTooLarge(text.count, key: key) }
        var updated = texts
        updated[key] = text
        try persist(updated, changing: key)
    }

    /// Writes `updated`; unless it only shrinks the store (`growing` false), refuses a file over the quota.
    private func persist(_ updated: [String: [UInt8]], changing key: String?, growing: Bool = true) throws(StorageError) {
        let data = Self.document(updated)
        if growing, data.count > quota.maxTotalBytes {
            throw StorageError(kind: .quota, key: key, message: "cannot store '\(key ?? "")': the store would be \(data.count) bytes, "
                                   + "over its limit of \(quota.maxTotalBytes) bytes (remove keys it no longer needs)")
        }
        try AtomicFile.write(data, to: fileURL)
        texts = updated
    }

    /// `{"values":{...},"version":1}`: compact, keys sorted, each value's text as stored.
    private static func document(_ texts: [String: [UInt8]]) -> Data {
        var output = Data(#"{"values":{"#.utf8)
        for (position, key) in texts.keys.sorted().enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            // A string always serializes.
            output.append((try? JSONValue.string(key).serialized()) ?? Data())
            output.append(UInt8(ascii: ":"))
            output.append(contentsOf: texts[key]!)
        }
        output.append(contentsOf: #"},"version":\#(formatVersion)}"#.utf8)
        return output
    }

    private static func load(_ url: URL) throws(StorageError) -> [String: [UInt8]] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StorageError(kind: .io, message: "cannot read \(url.path): \(error.localizedDescription)")
        }
        let document: [String: [UInt8]]
        do {
            document = try JSONValue.memberTexts(ofObject: data)
        } catch {
            throw StorageError(kind: .corrupt, message: "\(url.path) is not a store: \(error)")
        }
        guard let version = document["version"].flatMap({ try? JSONValue(parsing: $0) }), version == .number(Double(formatVersion)),
              let values = document["values"].flatMap({ try? JSONValue.memberTexts(ofObject: $0) }) else {
            throw StorageError(kind: .corrupt, message: "\(url.path) is not a version \(formatVersion) store")
        }
        return values
    }
}
