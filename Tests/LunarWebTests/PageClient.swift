import Foundation
import LunarTestSupport
import Synchronization

/// A page as a test drives it: one WebSocket to a ``WebServer`` over a plain loopback socket
/// (the handshake and frames written here, so the test says exactly which `Origin` is sent),
/// the messages it receives, and waits for a message that satisfies a condition (no sleeps:
/// each arrival checks the waiters).
final class PageClient: Sendable {
    private let inbox = Awaited(PageInbox()) { "\($0.messages)" }
    private let socket: Int32
    private let writeLock = Mutex(())

    /// Connects to `server`'s socket as a page at `path` would, with `origin` (nil: none sent);
    /// `endpoint` names another socket of the server (`/lunar/devtools/ws`) instead.
    init(server: URL, path: String = "/", origin: String?, query: String = "", endpoint: String? = nil) {
        let port = server.port ?? 80
        socket = Self.connect(port: port)
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
        let target = endpoint ?? "/lunar/ws?path=\(encoded)\(query)"
        var request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        request += "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        request += "\r\n"
        let socket = self.socket
        let inbox = self.inbox
        write(Array(request.utf8))
        Thread { Self.read(socket, into: inbox) }.start()
    }

    deinit { Foundation.close(socket) }

    var messages: [String] { inbox.read { $0.messages } }
    var failure: String? { inbox.read { $0.failure } }
    /// The status code of the server's close frame, once one arrived.
    var closeCode: Int? { inbox.read { $0.closeCode } }

    /// Sends one text message, masked as a client must.
    func send(_ text: String) { write(Self.frame(opcode: 1, Array(text.utf8))) }

    /// Sends one binary message.
    func sendBinary(_ bytes: [UInt8]) { write(Self.frame(opcode: 2, bytes)) }

    /// Sends a text frame of any bytes (not necessarily UTF-8).
    func sendText(bytes: [UInt8]) { write(Self.frame(opcode: 1, bytes)) }

    /// Sends bytes as they are (a frame made with ``frame(opcode:_:masked:)``).
    func sendRaw(_ bytes: [UInt8]) { write(bytes) }

    /// Sends one text message unmasked, as no client may (RFC 6455, 5.1).
    func sendUnmasked(_ text: String) { write(Self.frame(opcode: 1, Array(text.utf8), masked: false)) }

    /// Closes the socket, as closing the tab does, and waits until the server has.
    func close() async {
        write(Self.frame(opcode: 8, []))
        try? await waitForClose()
    }

    /// Waits until a received message contains `text`.
    func waitFor(_ text: String, within seconds: Double = 20) async throws {
        try await waitUntil("a message containing \(text)", within: seconds) { messages, _ in messages.contains { $0.contains(text) } }
    }

    /// Waits until the socket closed.
    func waitForClose(within seconds: Double = 20) async throws {
        try await waitUntil("the socket to close", within: seconds) { _, closed in closed }
    }

    func waitUntil(_ what: String, within seconds: Double, _ check: @escaping @Sendable ([String], Bool) -> Bool) async throws {
        try await inbox.wait(for: what, within: seconds) { check($0.messages, $0.closed) ? () : nil }
    }

    // MARK: The socket

    private func write(_ bytes: [UInt8]) {
        writeLock.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    static func connect(port: Int) -> Int32 {
        let fd = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return fd
    }

    /// A client frame: FIN, the opcode, the mask bit and a fixed mask (tests need no secrecy).
    static func frame(opcode: UInt8, _ payload: [UInt8], masked: Bool = true) -> [UInt8] {
        let maskBit: UInt8 = masked ? 0x80 : 0
        var bytes: [UInt8] = [0x80 | opcode]
        switch payload.count {
        case ..<126: bytes.append(maskBit | UInt8(payload.count))
        case ..<65536: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        default: bytes += [maskBit | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xff) }
        }
        guard masked else { return bytes + payload }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        bytes += mask
        bytes += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return bytes
    }

    /// Reads the handshake's answer, then frames, until the connection ends.
    private static func read(_ socket: Int32, into inbox: Awaited<PageInbox>) {
        var buffer: [UInt8] = []
        func fill(_ count: Int) -> Bool {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while buffer.count < count {
                let got = recv(socket, &chunk, chunk.count, 0)
                if got <= 0 { return false }
                buffer += chunk[0..<got]
            }
            return true
        }
        // The handshake: up to the blank line.
        while true {
            if let end = buffer.firstRange(of: [13, 10, 13, 10]) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                if !head.hasPrefix("HTTP/1.1 101") {
                    inbox.update { $0.failure = "upgrade refused: \(head.prefix { $0 != "\r" })" }
                    inbox.close()
                    return
                }
                break
            }
            if !fill(buffer.count + 1) {
                inbox.update { $0.failure = "upgrade failed: the connection closed" }
                inbox.close()
                return
            }
        }
        var message: [UInt8] = []
        while fill(2) {
            let opcode = buffer[0] & 0x0f
            var length = Int(buffer[1] & 0x7f)
            var header = 2
            if length == 126 {
                guard fill(4) else { break }
                length = Int(buffer[2]) << 8 | Int(buffer[3])
                header = 4
            } else if length == 127 {
                guard fill(10) else { break }
                length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }
                header = 10
            }
            guard fill(header + length) else { break }
            let payload = Array(buffer[header..<header + length])
            let fin = buffer[0] & 0x80 != 0
            buffer.removeSubrange(..<(header + length))
            switch opcode {
            case 0, 1:
                message += payload
                if fin {
                    inbox.record(String(decoding: message, as: UTF8.self))
                    message = []
                }
            case 8:
                inbox.update { $0.closeCode = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil }
                inbox.close()
                return
            default:
                break
            }
        }
        inbox.close()
    }
}

/// What a page received.
struct PageInbox: Sendable {
    var messages: [String] = []
    var closed = false
    var failure: String?
    var closeCode: Int?
}

extension Awaited where State == PageInbox {
    func record(_ text: String) { update { $0.messages.append(text) } }
    func close() { update { $0.closed = true } }
}
