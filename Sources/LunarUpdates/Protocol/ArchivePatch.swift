import CZstd
import Foundation

/// A release's archive as a patch against the previous one: zstd with the previous archive as
/// its reference prefix, the semantics of `zstd --patch-from=OLD NEW` (libzstd). A device that
/// has the previous release downloads the patch instead of the whole archive; what the patch
/// gives is checked against the release's SHA-256 like a whole download.
public enum ArchivePatch {
    /// The largest archive a patch may produce or refer to (the archive cap, 256 MiB: a window of 2^28).
    public static let maximumSize = 1 << 28

    /// Compresses `new` against `old`.
    public static func make(from old: Data, to new: Data, level: Int32 = 19) throws(UpdateError) -> Data {
        guard old.count <= maximumSize, new.count <= maximumSize else { throw UpdateError("archives over \(maximumSize) bytes are not patched") }
        guard let context = ZSTD_createCCtx() else { throw UpdateError("zstd: out of memory") }
        defer { ZSTD_freeCCtx(context) }
        // The window covers the reference and the new archive, as `--patch-from` sets it.
        let windowLog = Int32(max(10, min(28, Int(ceil(log2(Double(max(old.count, new.count) + 1)))) + 1)))
        try check(ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level))
        try check(ZSTD_CCtx_setParameter(context, ZSTD_c_windowLog, windowLog))
        try check(ZSTD_CCtx_setParameter(context, ZSTD_c_enableLongDistanceMatching, 1))
        var output = Data(count: ZSTD_compressBound(new.count))
        let capacity = output.count
        let written = old.withUnsafeBytes { reference in
            let status = ZSTD_CCtx_refPrefix(context, reference.baseAddress, reference.count)
            if ZSTD_isError(status) != 0 { return status }
            return new.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    ZSTD_compress2(context, target.baseAddress, capacity, source.baseAddress, source.count)
                }
            }
        }
        try check(written)
        output.removeSubrange(written...)
        return output
    }

    /// Rebuilds the new archive from `patch` and `old`; refuses a patch that claims more than
    /// `maximumSize` bytes or that does not decode.
    public static func apply(_ patch: Data, to old: Data, maximumSize: Int = ArchivePatch.maximumSize) throws(UpdateError) -> Data {
        let size = patch.withUnsafeBytes { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
        guard size != ZSTD_CONTENTSIZE_ERROR, size != ZSTD_CONTENTSIZE_UNKNOWN, size <= UInt64(maximumSize) else {
            throw UpdateError("the patch is not a zstd frame of at most \(maximumSize) bytes")
        }
        guard let context = ZSTD_createDCtx() else { throw UpdateError("zstd: out of memory") }
        defer { ZSTD_freeDCtx(context) }
        try check(ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, 28))
        var output = Data(count: Int(size))
        let capacity = output.count
        let written = old.withUnsafeBytes { reference in
            let status = ZSTD_DCtx_refPrefix(context, reference.baseAddress, reference.count)
            if ZSTD_isError(status) != 0 { return status }
            return patch.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    ZSTD_decompressDCtx(context, target.baseAddress, capacity, source.baseAddress, source.count)
                }
            }
        }
        try check(written)
        guard written == capacity else { throw UpdateError("the patch gave \(written) bytes, not the \(capacity) it announced") }
        return output
    }

    @discardableResult
    private static func check(_ code: Int) throws(UpdateError) -> Int {
        if ZSTD_isError(code) != 0 { throw UpdateError("zstd: \(String(cString: ZSTD_getErrorName(code)))") }
        return code
    }
}
