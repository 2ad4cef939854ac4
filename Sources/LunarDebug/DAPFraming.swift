import Foundation

/// The Debug Adapter Protocol's framing: `Content-Length: N`, a blank line, then N bytes of JSON.
///
/// Bytes arrive in any pieces (``append(_:)``); ``next()`` returns each complete body. A header
/// that is not DAP's (no length, a bad length, too long) is an error: the stream cannot be
/// resynchronised after it, so the connection ends.
struct DAPFrameReader {
    /// The longest header block accepted, and the largest body.
    static let maximumHeader = 1024
    static let maximumBody = 16 << 20

    private var buffer: [UInt8] = []

    mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next complete body, nil when more bytes are needed.
    mutating func next() throws(DAPFramingError) -> Data? {
        guard let end = headerEnd() else {
            if buffer.count > Self.maximumHeader { throw DAPFramingError("a header longer than \(Self.maximumHeader) bytes") }
            return nil
        }
        guard end <= Self.maximumHeader else { throw DAPFramingError("a header longer than \(Self.maximumHeader) bytes") }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { throw DAPFramingError("a header line without a colon: \(line.prefix(80).debugDescription)") }
            if parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                guard let n = Int(parts[1].trimmingCharacters(in: .whitespaces)), n >= 0 else {
                    throw DAPFramingError("a Content-Length that is not a number: \(parts[1].prefix(40).debugDescription)")
                }
                length = n
            }
        }
        guard let length else { throw DAPFramingError("a message without Content-Length") }
        guard length <= Self.maximumBody else { throw DAPFramingError("a message of \(length) bytes (at most \(Self.maximumBody))") }
        let start = end + 4
        guard buffer.count >= start + length else { return nil }
        let body = Data(buffer[start..<(start + length)])
        buffer.removeFirst(start + length)
        return body
    }

    /// The index of the blank line ending the header ("\r\n\r\n"), if it has arrived.
    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// One message framed for the wire.
    static func frame(_ body: Data) -> Data {
        var out = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.append(body)
        return out
    }
}

/// A byte stream that is not DAP.
struct DAPFramingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
