import Foundation
import LunarJSON

/// Accepted responses kept on disk, one file per cache key, under a directory.
///
/// An entry file is one line of JSON metadata (the full key, version, store time, status, headers,
/// URL) followed by the raw body. The full key is kept so that a file-name hash collision reads as a
/// miss, never as another request's answer; an unreadable entry is a miss too. Runs on the client's
/// executor; writes replace entries atomically.
struct ResponseCache {
    let directory: URL
    let now: () -> Date

    /// The stored answer for `key`, if one exists under `policy.version` and is younger than `policy.lifetime`.
    func load(key: String, policy: CachePolicy) -> TransportResponse? {
        guard let data = try? Data(contentsOf: fileURL(for: key)),
              let newline = data.firstIndex(of: UInt8(ascii: "\n")),
              let metadata = try? JSONValue(parsing: data[data.startIndex..<newline]),
              metadata.string("key") == key,
              metadata.integer("version", default: Int.min) == policy.version,
              let url = URL(string: metadata.string("url"))
        else { return nil }
        let age = now().timeIntervalSince1970 - metadata.number("storedAt", default: .infinity)
        guard age >= 0, age < policy.lifetime else { return nil }
        let headers = (metadata.table("headers").objectValue ?? [:]).compactMapValues(\.stringValue)
        return TransportResponse(
            status: metadata.integer("status"), headers: headers,
            body: Data(data[data.index(after: newline)...]), url: url)
    }

    /// Stores `response` as the answer for `key` under `policy.version`; failures are ignored (a cache is optional).
    func store(_ response: TransportResponse, key: String, policy: CachePolicy) {
        let metadata: JSONValue = [
            "key": .string(key),
            "version": .number(Double(policy.version)),
            "storedAt": .number(now().timeIntervalSince1970),
            "status": .number(Double(response.status)),
            "headers": .object(response.headers.mapValues(JSONValue.string)),
            "url": .string(response.url.absoluteString),
        ]
        guard var entry = try? metadata.serialized() else { return }
        entry.append(UInt8(ascii: "\n"))
        entry.append(response.body)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? entry.write(to: fileURL(for: key), options: .atomic)
    }

    /// Deletes the entry for `key`, if any.
    func remove(key: String) {
        try? FileManager.default.removeItem(at: fileURL(for: key))
    }

    /// Deletes every entry.
    func removeAll() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func fileURL(for key: String) -> URL {
        directory.appendingPathComponent(String(Self.fingerprint(Array(key.utf8)), radix: 16) + ".response")
    }

    /// FNV-1a, 64-bit: stable across runs and platforms, unlike `Hasher`.
    static func fingerprint(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
