import LunarBundle

/// Caps that reading an archive enforces on the bytes actually decompressed
/// (headers are never trusted for sizes), so a zip bomb stops early.
public struct ArchiveLimits: Sendable, Hashable {
    /// At most this many entries (directories included).
    public var maxEntries: Int
    /// At most this many bytes in one file once decompressed.
    public var maxFileSize: Int
    /// At most this many bytes in all files once decompressed, and the
    /// largest archive file read at all.
    public var maxTotalSize: Int
    /// At most this many decompressed bytes per compressed byte in one entry...
    public var maxCompressionRatio: Int
    /// ...checked once the entry has expanded past this many bytes (small
    /// files of repeated text legitimately compress very well).
    public var compressionRatioFloor: Int

    /// Caps for a bundle: the entries and sizes of `BundleLimits.standard` (10,000 entries,
    /// 32 MiB per file, 256 MiB in all), and 200:1 per entry past 1 MiB.
    public init(maxEntries: Int = BundleLimits.standard.maxFiles, maxFileSize: Int = BundleLimits.standard.maxFileSize,
                maxTotalSize: Int = BundleLimits.standard.maxTotalSize,
                maxCompressionRatio: Int = 200, compressionRatioFloor: Int = 1 << 20) {
        self.maxEntries = maxEntries
        self.maxFileSize = maxFileSize
        self.maxTotalSize = maxTotalSize
        self.maxCompressionRatio = maxCompressionRatio
        self.compressionRatioFloor = compressionRatioFloor
    }

    /// The default caps.
    public static let bundle = ArchiveLimits()
}
