/// How much a ``KeyValueStore`` may hold: its limits on one value and on the whole store, both
/// counted in bytes of JSON text (what is written to disk). A write that would pass either is
/// refused with a ``StorageError/Kind/quota`` error and changes nothing.
public struct StorageQuota: Sendable, Hashable {
    /// The largest JSON text of one value.
    public var maxValueBytes: Int
    /// The largest store file (every key and value, as written to disk).
    public var maxTotalBytes: Int

    public init(maxValueBytes: Int, maxTotalBytes: Int) {
        self.maxValueBytes = maxValueBytes
        self.maxTotalBytes = maxTotalBytes
    }

    /// 1 MiB a value, 5 MiB a store: room for settings, tokens and cached lists, and a ceiling
    /// on what a runaway script can put on the disk (the same 5 MiB a browser gives `localStorage`).
    public static let `default` = StorageQuota(maxValueBytes: 1 << 20, maxTotalBytes: 5 << 20)

    /// No limits (a host that manages the disk itself).
    public static let unlimited = StorageQuota(maxValueBytes: .max, maxTotalBytes: .max)

    /// The error for a value under `key` whose JSON text is over ``maxValueBytes`` (`length`
    /// bytes, when it was measured to the end).
    public func valueTooLarge(_ length: Int?, key: String) -> StorageError {
        let size = length.map { "\($0) bytes" } ?? "over \(maxValueBytes) bytes"
        return StorageError(kind: .quota, key: key,
                            message: "cannot store '\(key)': the value is \(size) as JSON, over the limit of \(maxValueBytes) bytes a value")
    }
}
