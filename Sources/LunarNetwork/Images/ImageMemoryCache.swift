import Foundation

/// Image bytes held in memory by URL, least recently used first out, within a byte budget.
///
/// Confined to its loader's executor, like the loader.
struct ImageMemoryCache {
    /// The most bytes held; an image larger than this is never held.
    let limit: Int
    private var entries: [URL: (data: Data, file: URL, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// The bytes held now.
    private(set) var size = 0

    init(limit: Int) { self.limit = max(0, limit) }

    /// The bytes and the disk file of `url`, marking it used; nil when not held.
    mutating func image(for url: URL) -> (data: Data, file: URL)? {
        guard let entry = entries[url] else { return nil }
        clock += 1
        entries[url]?.stamp = clock
        return (entry.data, entry.file)
    }

    /// Holds `data` for `url`, dropping the least recently used entries to stay within the limit.
    mutating func store(_ data: Data, file: URL, for url: URL) {
        guard data.count <= limit else { return }
        if let old = entries.removeValue(forKey: url) { size -= old.data.count }
        clock += 1
        entries[url] = (data, file, clock)
        size += data.count
        while size > limit, let oldest = entries.min(by: { $0.value.stamp < $1.value.stamp }) {
            entries[oldest.key] = nil
            size -= oldest.value.data.count
        }
    }

    /// How many images are held.
    var count: Int { entries.count }
}
