import Foundation
import Glibc
import LunarTestSupport
import Synchronization

/// A small Debug Adapter Protocol client for tests: requests over a real TCP socket, and every
/// message that arrives kept in order, so a test waits for the one it expects (with a deadline).
final class DAPTestClient: Sendable {
    private let socket: Int32
    private let inbox = Awaited(MessageLog<Data>()) { log in
        log.messages.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }
    private let sequence = Mutex(0)

    /// Connects; `reads: false` leaves the socket unread (a client that stopped reading) until
    /// ``startReading()``; `receiveBuffer` shrinks the socket's receive buffer (set before connecting).
    init(port: Int, reads: Bool = true, receiveBuffer: Int32? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TimedOut(description: "cannot connect to the debugger on port \(port)") }
        if reads { startReading() }
    }

    /// Starts reading what the server sends (once).
    func startReading() {
        let client = self
        Thread.detachNewThread { client.readLoop() }
    }

    /// Ends the connection from this side (the server sees its end).
    func disconnect() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// How many messages arrived so far.
    var receivedCount: Int { inbox.read { $0.messages.count } }

    deinit { close(socket) }

    /// Sends a request; returns its seq.
    @discardableResult
    func send(_ command: String, _ arguments: [String: Any] = [:]) -> Int {
        let seq = sequence.withLock { $0 += 1; return $0 }
        let body = try! JSONSerialization.data(withJSONObject: ["seq": seq, "type": "request", "command": command, "arguments": arguments])
        write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        return seq
    }

    /// Raw bytes, as a misbehaving client sends them.
    func write(_ bytes: Data) {
        bytes.withUnsafeBytes { raw in _ = Glibc.send(socket, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends a request and waits for its response; fails when it did not succeed.
    func request(_ command: String, _ arguments: [String: Any] = [:]) async throws -> [String: Any] {
        let response = try await response(to: send(command, arguments))
        guard response["success"] as? Bool == true else {
            throw TimedOut(description: "\(command) failed: \(response["message"] ?? "")")
        }
        return response["body"] as? [String: Any] ?? [:]
    }

    func response(to seq: Int, within seconds: Double = 30) async throws -> [String: Any] {
        try await next(within: seconds) { $0["type"] as? String == "response" && $0["request_seq"] as? Int == seq }
    }

    /// The next event named `name` not waited for before (and matching `match`).
    func event(_ name: String, within seconds: Double = 30, _ match: @escaping @Sendable ([String: Any]) -> Bool = { _ in true }) async throws -> [String: Any] {
        let body = try await next(within: seconds) { $0["type"] as? String == "event" && $0["event"] as? String == name && match($0["body"] as? [String: Any] ?? [:]) }
        return body["body"] as? [String: Any] ?? [:]
    }

    /// Whether an event named `name` arrived and was not waited for yet.
    func hasUnseenEvent(_ name: String) -> Bool {
        inbox.read { $0.hasUntaken { (Self.object($0)["event"] as? String) == name } }
    }

    /// Waits until the server closes the connection.
    func waitUntilClosed(within seconds: Double = 30) async throws {
        try await inbox.closed(within: seconds)
    }

    private static func object(_ data: Data) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    private func next(within seconds: Double = 30, _ match: @escaping @Sendable ([String: Any]) -> Bool) async throws -> [String: Any] {
        Self.object(try await inbox.next("matching DAP message", within: seconds) { match(Self.object($0)) })
    }

    private func deliver(_ data: Data?) {
        inbox.update { log in
            if let data { log.append(data) } else { log.closed = true }
        }
    }

    private func readLoop() {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            buffer += chunk[0..<n]
            while let end = Self.headerEnd(buffer) {
                let header = String(decoding: buffer[..<end], as: UTF8.self)
                guard let line = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                      let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)),
                      buffer.count >= end + 4 + length else { break }
                deliver(Data(buffer[(end + 4)..<(end + 4 + length)]))
                buffer.removeFirst(end + 4 + length)
            }
        }
        deliver(nil)
    }

    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return i }
        return nil
    }
}
