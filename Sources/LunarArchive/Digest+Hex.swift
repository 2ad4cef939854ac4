import Crypto

extension Digest {
    /// The digest as lowercase hex, two digits a byte: how file lists, archive names, ETags,
    /// downloads and key fingerprints name content.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(Self.byteCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
