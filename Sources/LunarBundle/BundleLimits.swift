/// Size caps for a bundle that comes from outside: a `.lunar` archive being read
/// (`ArchiveLimits` in LunarArchive starts from these) and a bundle mirrored from a dev
/// server (`RemoteBundle` in LunarDevServer). Defined once here, where both can use them.
public struct BundleLimits: Sendable, Hashable {
    /// At most this many files.
    public var maxFiles: Int
    /// At most this many bytes in one file.
    public var maxFileSize: Int
    /// At most this many bytes in all files.
    public var maxTotalSize: Int

    /// Caps: 10,000 files, 32 MiB per file, 256 MiB in all.
    public init(maxFiles: Int = 10_000, maxFileSize: Int = 32 << 20, maxTotalSize: Int = 256 << 20) {
        self.maxFiles = maxFiles
        self.maxFileSize = maxFileSize
        self.maxTotalSize = maxTotalSize
    }

    /// The default caps.
    public static let standard = BundleLimits()
}
