import Foundation

/// What tells two versions of a file apart without reading it: modification time, size and
/// file number (a file renamed over another keeps its own number).
package struct FileStamp: Hashable, Sendable {
    package var modified: Double
    package var size: Int
    package var inode: UInt64

    /// The stamp of the entry at `url` itself (a link is not followed); nil if there is none.
    package init?(of url: URL) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = attributes[.size] as? NSNumber else { return nil }
        modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        self.size = size.intValue
        inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }
}
