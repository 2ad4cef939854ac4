import Foundation
import Glibc
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1 for tests: one thread per connection, one request per
/// connection (`Connection: close`), and replies that can misbehave on purpose.
///
/// Every wait is bounded: sockets time out after five seconds and `.never` gives up after ten, so a
/// broken test cannot hang the run. `stop()` closes the listener and releases `.never` replies.
public final class LoopbackServer: Sendable {
    /// What the server does with a request.
    public indirect enum Reply: Sendable {
        /// A complete answer.
        case respond(status: Int, headers: [String: String], body: [UInt8])
        /// `reply`, after the server waits `seconds` (a slow server).
        case delayed(seconds: Double, Reply)
        /// Announces `declared` body bytes, sends `body`, then closes.
        case truncated(declared: Int, body: [UInt8])
        /// Sends `body` without announcing its length, ending it by closing the connection.
        case unsized(body: [UInt8])
        /// Announces `declared` body bytes, sends `body`, then resets the connection.
        case reset(declared: Int, body: [UInt8])
        /// Bytes that are not HTTP, then close.
        case garbage([UInt8])
        /// Reads the request and never answers (until the server stops).
        case never
        /// A 200 whose body never ends (no length announced): bytes until the client goes away
        /// or the server stops, at most 1 GB.
        case endless

        /// A 200 (or `status`) answer with a JSON text body.
        public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            .respond(status: status, headers: headers.merging(["Content-Type": "application/json"]) { $1 },
                     body: Array(text.utf8))
        }

        /// An answer with a plain text body.
        public static func text(_ text: String, status: Int) -> Reply {
            .respond(status: status, headers: ["Content-Type": "text/plain"], body: Array(text.utf8))
        }
    }

    /// A request as the server read it.
    public struct Received: Sendable {
        /// The request method, as sent.
        public let method: String
        /// The request target: path and query, as sent.
        public let target: String
        /// Header names lowercased.
        public let headers: [String: String]
        /// The body bytes.
        public let body: [UInt8]

        /// The target without its query.
        public var path: String { String(target.prefix { $0 != "?" }) }
        /// The query after `?`, if any.
        public var query: String? { target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } }
        /// The body as UTF-8 text.
        public var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    /// The port it listens on.
    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (Received) -> Reply
    private let log = Mutex<[Received]>([])
    private let stopped = Mutex(false)
    private let release = DispatchSemaphore(value: 0)
    private let waiting = Mutex(0)
    private let accepted = Mutex(0)

    /// Starts listening on an ephemeral port of 127.0.0.1; `handler` answers every request.
    public init(handler: @escaping @Sendable (Received) -> Reply) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError("bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let server = self
        Thread.detachNewThread { server.acceptLoop() }
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request received so far, in arrival order.
    public var received: [Received] { log.withLock { $0 } }

    /// How many requests arrived for `path` (query ignored).
    public func hits(_ path: String) -> Int { received.filter { $0.path == path }.count }

    /// How many connections were accepted so far, whether or not a request could be read from them.
    public var connectionCount: Int { accepted.withLock { $0 } }

    /// Stops accepting, releases `.never` replies. Idempotent.
    public func stop() {
        let first = stopped.withLock { wasStopped in
            defer { wasStopped = true }
            return !wasStopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for _ in 0..<waiting.withLock({ $0 }) { release.signal() }
    }

    deinit { stop() }

    private func acceptLoop() {
        while !stopped.withLock({ $0 }) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            accepted.withLock { $0 += 1 }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let server = self
            Thread.detachNewThread { server.serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = read(connection) else { return }
        log.withLock { $0.append(request) }
        perform(handler(request), on: connection)
    }

    private func perform(_ reply: Reply, on connection: Int32) {
        switch reply {
        case .respond(let status, let headers, let body):
            send(head(status: status, headers: headers, length: body.count) + body, on: connection)
        case .delayed(let seconds, let reply):
            usleep(useconds_t(seconds * 1_000_000))
            perform(reply, on: connection)
        case .truncated(let declared, let body):
            send(head(status: 200, headers: ["Content-Type": "application/json"], length: declared) + body, on: connection)
        case .unsized(let body):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n"
            send(Array(head.utf8) + body, on: connection)
        case .reset(let declared, let body):
            send(head(status: 200, headers: ["Content-Type": "application/json"], length: declared) + body, on: connection)
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)  // close with RST instead of FIN
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        case .garbage(let bytes):
            send(bytes, on: connection)
        case .endless:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
            guard send(Array(head.utf8), on: connection) else { return }
            let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 64 * 1024)
            for _ in 0..<(1 << 14) where !stopped.withLock({ $0 }) {
                guard send(chunk, on: connection) else { return }
            }
        case .never:
            waiting.withLock { $0 += 1 }
            if !stopped.withLock({ $0 }) { _ = release.wait(timeout: .now() + 10) }
        }
    }

    private func head(status: Int, headers: [String: String], length: Int) -> [UInt8] {
        var text = "HTTP/1.1 \(status) Status\r\nContent-Length: \(length)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// Sends every byte; false when the peer is gone.
    @discardableResult
    private func send(_ bytes: [UInt8], on connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }

    /// Reads one request: head up to the blank line, then `Content-Length` body bytes.
    private func read(_ connection: Int32) -> Received? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
            headEnd = buffer.firstRange(of: separator)?.lowerBound
            if buffer.count > 1 << 20 { return nil }
        }
        let lines = String(decoding: buffer[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" {
            send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), on: connection)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        var body = Array(buffer[(headEnd! + 4)...])
        while body.count < length {
            let count = recv(connection, &chunk, min(chunk.count, length - body.count), 0)
            guard count > 0 else { return nil }
            body += chunk[0..<count]
        }
        return Received(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ operation: String) { description = "\(operation) failed: \(String(cString: strerror(errno)))" }
}
