/// Percent-encoding as URLs use it, done on UTF-8 bytes so it behaves the same
/// on every platform and never fails.
enum PercentEncoding {
    /// Decodes `%XY` escapes (and `+` as a space when `plusAsSpace`, applied
    /// first so `%2B` stays a `+`). A broken escape such as `%zz` or a lone `%`
    /// is kept as written; if the decoded bytes are not valid UTF-8 the text is
    /// returned unchanged.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String {
        let needsWork = bytes.contains { byte in
            byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+"))
        }
        guard needsWork else { return String(decoding: bytes, as: UTF8.self) }

        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            decoded.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(validating: decoded, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes the bytes of `range` in `bytes`; see ``decode(_:plusAsSpace:)``.
    static func decode(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String {
        decode(UnsafeBufferPointer(rebasing: bytes[range]), plusAsSpace: plusAsSpace)
    }

    /// Encodes every byte except the unreserved set `A-Z a-z 0-9 - . _ ~`
    /// as `%XY` (uppercase hex), so the result is safe in a path component
    /// and in a query key or value.
    static func encode(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.contains(where: { !isUnreserved($0) }) else { return text }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
