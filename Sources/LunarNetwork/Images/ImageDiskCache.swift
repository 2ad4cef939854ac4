import Foundation

/// Image bytes kept on disk by URL, within a byte budget, surviving restarts.
///
/// Each entry is two files named by a fingerprint of the URL: `<hash>.image`, the bytes as they
/// came (so a renderer can open the file directly), and `<hash>.url`, the URL, so a fingerprint
/// collision reads as a miss. Reading an entry marks it used (its modification date); storing
/// one evicts the least recently used entries until the directory is within the limit.
/// Failures to read or write are misses: a cache is optional.
struct ImageDiskCache {
    let directory: URL
    /// The most bytes of images kept.
    let limit: Int

    /// The file holding `url`'s bytes and the bytes, marking the entry used; nil on a miss.
    func image(for url: URL) -> (data: Data, file: URL)? {
        let (file, name) = files(for: url)
        guard let stored = try? String(contentsOf: name, encoding: .utf8), stored == url.absoluteString,
              let data = try? Data(contentsOf: file) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return (data, file)
    }

    /// Stores `data` as `url`'s bytes and returns the file holding them, evicting old entries.
    @discardableResult
    func store(_ data: Data, for url: URL) -> URL? {
        let (file, name) = files(for: url)
        guard data.count <= limit else { return nil }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
            try Data(url.absoluteString.utf8).write(to: name, options: .atomic)
        } catch {
            return nil
        }
        evict(keeping: file)
        return file
    }

    /// The total size of the images kept.
    var size: Int { entries().reduce(0) { $0 + $1.size } }

    /// Deletes least recently used entries until the images fit in the limit; `keeping` stays.
    private func evict(keeping kept: URL) {
        var all = entries()
        var total = all.reduce(0) { $0 + $1.size }
        guard total > limit else { return }
        all.sort { $0.used < $1.used }
        for entry in all where total > limit && entry.file.lastPathComponent != kept.lastPathComponent {
            try? FileManager.default.removeItem(at: entry.file)
            try? FileManager.default.removeItem(at: entry.file.deletingPathExtension().appendingPathExtension("url"))
            total -= entry.size
        }
    }

    private func entries() -> [(file: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else {
            return []
        }
        return files.filter { $0.pathExtension == "image" }.compactMap { file in
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
    }

    private func files(for url: URL) -> (image: URL, url: URL) {
        let name = String(ResponseCache.fingerprint(Array(url.absoluteString.utf8)), radix: 16)
        return (directory.appendingPathComponent(name + ".image"), directory.appendingPathComponent(name + ".url"))
    }
}
