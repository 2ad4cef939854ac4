import Foundation
import LunarBase

/// The Debug Adapter Protocol's framing: `Content-Length: N`, a blank line, then N bytes of JSON.
///
/// Bytes arrive in any pieces (``append(_:)``); ``next()`` returns each complete body. DAP has
/// one header and no other, so the reader is strict from the first byte: a stream that does not
/// start `Content-Length:` (any letter case), a header holding anything but that line (an HTTP
/// request line, a `Host` or `Origin` header: what a browser's `fetch` sends), a length that is
/// not digits, or a body over ``maximumBody`` is an error, raised as soon as the bytes that show
/// it arrive. The stream cannot be resynchronised after it, so the connection ends.
public struct DAPFrameReader: Sendable {
    /// The longest header block accepted, and the largest body.
    public static let maximumHeader = 1024
    public static let maximumBody = 16 << 20

    private static let name = Array("content-length:".utf8)
    private static let terminator: [UInt8] = [13, 10, 13, 10]
    private var buffer: [UInt8] = []

    /// An empty reader, at the start of a stream.
    public init() {}

    /// Adds bytes as they arrived from the socket.
    public mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next complete body, nil when more bytes are needed.
    public mutating func next() throws(MessageError) -> Data? {
        // The name, compared as far as it has arrived: a request line is refused at its first byte.
        for i in 0..<min(buffer.count, Self.name.count) where Self.lowercased(buffer[i]) != Self.name[i] {
            throw MessageError("not DAP framing (a message starts with \"Content-Length:\"): \(Self.quote(buffer.prefix(60)))")
        }
        var i = Self.name.count
        guard buffer.count > i else { return nil }
        i = skipBlanks(from: i)
        let digits = i
        while i < buffer.count, (48...57).contains(buffer[i]), i - digits < 10 { i += 1 }
        guard i < buffer.count else { return try needMore() }
        guard i > digits, i - digits < 10 else {
            throw MessageError("a Content-Length that is not a number of at most 9 digits: \(Self.quote(buffer[digits..<min(buffer.count, digits + 40)]))")
        }
        let length = Int(String(decoding: buffer[digits..<i], as: UTF8.self))!
        i = skipBlanks(from: i)
        for k in 0..<Self.terminator.count {
            guard i + k < buffer.count else { return try needMore() }
            guard buffer[i + k] == Self.terminator[k] else {
                throw MessageError("a header other than Content-Length (DAP has no other): \(Self.quote(buffer[i..<min(buffer.count, i + 60)]))")
            }
        }
        guard i + Self.terminator.count <= Self.maximumHeader else { throw MessageError("a header longer than \(Self.maximumHeader) bytes") }
        guard length <= Self.maximumBody else { throw MessageError("a message of \(length) bytes (at most \(Self.maximumBody))") }
        let start = i + Self.terminator.count
        guard buffer.count >= start + length else { return nil }
        let body = Data(buffer[start..<(start + length)])
        buffer.removeFirst(start + length)
        return body
    }

    /// Spaces and tabs around the number are allowed; the header still may not grow without end.
    private func skipBlanks(from start: Int) -> Int {
        var i = start
        while i < buffer.count, buffer[i] == 32 || buffer[i] == 9 { i += 1 }
        return i
    }

    /// The header has not ended yet: nil, unless what arrived is already longer than a header may be.
    private func needMore() throws(MessageError) -> Data? {
        if buffer.count > Self.maximumHeader { throw MessageError("a header longer than \(Self.maximumHeader) bytes") }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }

    /// Bytes as one line of text for a log (escaped, so a refusal never spans lines).
    private static func quote(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).debugDescription
    }

    /// One message framed for the wire.
    public static func frame(_ body: Data) -> Data {
        var out = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.append(body)
        return out
    }
}

