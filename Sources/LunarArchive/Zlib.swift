import CZlib
import Foundation
import LunarBase

/// What the zip reader and writer need of zlib: CRC-32 and raw deflate streams, both
/// bounded by what they are given (inflating never reads past its input nor writes past
/// its cap).
enum Zlib {
    /// The CRC-32 of `bytes` (the zip checksum).
    static func crc32(_ bytes: Data) -> UInt32 {
        bytes.withUnsafeBytes { raw in
            UInt32(truncatingIfNeeded: crc32_z(0, raw.bindMemory(to: Bytef.self).baseAddress, raw.count))
        }
    }

    /// Inflates the raw deflate stream that is exactly `input`, producing at most
    /// `maxOutput + 1` bytes: a result longer than `maxOutput` means the stream expands past it
    /// (and was not inflated further). Fails when the stream is corrupt, ends early, or is
    /// followed by more bytes. Every step consumes input or produces output, so it ends.
    static func inflate(_ input: UnsafeRawBufferPointer, maxOutput: Int) -> Result<Data, MessageError> {
        var stream = z_stream()
        guard lunar_inflate_init_raw(&stream) == Z_OK else { return .failure(MessageError("zlib cannot start inflating")) }
        defer { inflateEnd(&stream) }
        stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.avail_in = uInt(input.count)  // the caller's zip sizes are 32-bit
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let room = min(chunk.count, maxOutput + 1 - output.count)
            let inputBefore = stream.avail_in
            let status = chunk.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(room)
                return CZlib.inflate(&stream, Z_NO_FLUSH)
            }
            let produced = room - Int(stream.avail_out)
            output.append(chunk, count: produced)
            switch status {
            case Z_STREAM_END:
                if stream.avail_in > 0 { return .failure(MessageError("\(stream.avail_in) bytes follow the end of its deflate data")) }
                return .success(output)
            case Z_OK, Z_BUF_ERROR:
                if output.count > maxOutput { return .success(output) }
                if produced == 0, stream.avail_in == inputBefore {
                    return .failure(MessageError(stream.avail_in == 0 ? "its deflate data ends early (truncated)" : "its deflate data is corrupt"))
                }
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                return .failure(MessageError("its deflate data is corrupt (\(message))"))
            }
        }
    }

    /// `input` as a raw deflate stream (zlib's default level: the same bytes give the same stream).
    static func deflate(_ input: Data) -> Result<Data, MessageError> {
        var stream = z_stream()
        guard lunar_deflate_init_raw(&stream) == Z_OK else { return .failure(MessageError("zlib cannot start deflating")) }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(input.count))))
        let status = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(source.count)  // the caller refuses entries over 4 GiB
                stream.next_out = target.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return .failure(MessageError("zlib cannot deflate it (error \(status))")) }
        output.count = Int(stream.total_out)
        return .success(output)
    }
}
