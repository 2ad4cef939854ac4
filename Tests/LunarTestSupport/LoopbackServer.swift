import Foundation
import Glibc
import LunarServing
import NIOCore
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1 for tests, on SwiftNIO through LunarServing's
/// ``ChannelServer``: one request per connection (`Connection: close`), and replies that can
/// misbehave on purpose.
///
/// Every wait is bounded: a connection that has not sent its request within five seconds is
/// closed and `.never` gives up after ten, so a broken test cannot hang the run. `stop()` closes
/// the listener and releases `.never` replies.
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
    private let listener: ChannelServer
    private let state: LoopbackState

    /// Starts listening on an ephemeral port of 127.0.0.1; `handler` answers every request.
    public init(handler: @escaping @Sendable (Received) -> Reply) throws {
        let state = LoopbackState(handler: handler)
        do {
            listener = try ChannelServer.bind(host: "127.0.0.1", port: 0) { channel in
                state.accepted.withLock { $0 += 1 }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(LoopbackConnection(state: state))
                }
            }.wait()
        } catch {
            throw ServerError("bind/listen: \(error)")
        }
        self.state = state
        port = listener.port
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request received so far, in arrival order.
    public var received: [Received] { state.log.withLock { $0 } }

    /// How many requests arrived for `path` (query ignored).
    public func hits(_ path: String) -> Int { received.filter { $0.path == path }.count }

    /// How many connections were accepted so far, whether or not a request could be read from them.
    public var connectionCount: Int { state.accepted.withLock { $0 } }

    /// Stops accepting, releases `.never` replies. Idempotent.
    public func stop() {
        let waiting: [any Channel]? = state.stopped.withLock { stopped in
            guard !stopped.isStopped else { return nil }
            stopped.isStopped = true
            defer { stopped.waiting = [] }
            return stopped.waiting
        }
        guard let waiting else { return }
        listener.close()
        for channel in waiting { channel.close(promise: nil) }
    }

    deinit { stop() }
}

/// What the listener and its connections share.
private final class LoopbackState: Sendable {
    struct Stopping {
        var isStopped = false
        /// Connections held by `.never`, closed when the server stops.
        var waiting: [any Channel] = []
    }

    let handler: @Sendable (LoopbackServer.Received) -> LoopbackServer.Reply
    let log = Mutex<[LoopbackServer.Received]>([])
    let accepted = Mutex(0)
    let stopped = Mutex(Stopping())

    init(handler: @escaping @Sendable (LoopbackServer.Received) -> LoopbackServer.Reply) { self.handler = handler }

    var isStopped: Bool { stopped.withLock { $0.isStopped } }
}

/// One connection: reads one request (head, then `Content-Length` body bytes), records it, and
/// performs its reply, on the connection's event loop (waits are scheduled, never slept).
private final class LoopbackConnection: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private static let requestTimeout = TimeAmount.seconds(5)
    private static let neverTimeout = TimeAmount.seconds(10)
    private let state: LoopbackState
    private var buffer: [UInt8] = []
    private var answered = false
    private var continued = false
    private var timeout: Scheduled<Void>?

    init(state: LoopbackState) { self.state = state }

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        timeout = context.eventLoop.scheduleTask(in: Self.requestTimeout) { channel.close(promise: nil) }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timeout?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        var bytes = unwrapInboundIn(data)
        buffer += bytes.readBytes(length: bytes.readableBytes) ?? []
        if buffer.count > 1 << 20 {
            context.close(promise: nil)
            return
        }
        guard let request = parse(context) else { return }
        answered = true
        timeout?.cancel()
        state.log.withLock { $0.append(request) }
        perform(state.handler(request), on: context.channel)
    }

    /// The request once all of it has arrived; nil while more bytes are needed.
    private func parse(_ context: ChannelHandlerContext) -> LoopbackServer.Received? {
        guard let headEnd = buffer.firstRange(of: [13, 10, 13, 10] as [UInt8])?.lowerBound else { return nil }
        let lines = String(decoding: buffer[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else {
            context.close(promise: nil)
            return nil
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue", !continued {
            continued = true
            send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), on: context.channel)
        }
        // A negative or unreadable length is no body (never a trap in the fixture).
        let length = max(0, Int(headers["content-length"] ?? "0") ?? 0)
        let body = Array(buffer[(headEnd + 4)...])
        guard body.count >= length else { return nil }
        return LoopbackServer.Received(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
                                       body: Array(body.prefix(length)))
    }

    private func perform(_ reply: LoopbackServer.Reply, on channel: any Channel) {
        switch reply {
        case .respond(let status, let headers, let body):
            sendAndClose(Self.head(status: status, headers: headers, length: body.count) + body, on: channel)
        case .delayed(let seconds, let reply):
            let connection = NIOLoopBound(self, eventLoop: channel.eventLoop)
            channel.eventLoop.scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) {
                connection.value.perform(reply, on: channel)
            }
        case .truncated(let declared, let body):
            sendAndClose(Self.head(status: 200, headers: ["Content-Type": "application/json"], length: declared) + body, on: channel)
        case .unsized(let body):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n"
            sendAndClose(Array(head.utf8) + body, on: channel)
        case .reset(let declared, let body):
            let bytes = Self.head(status: 200, headers: ["Content-Type": "application/json"], length: declared) + body
            channel.writeAndFlush(channel.allocator.buffer(bytes: bytes)).whenComplete { _ in
                // Close with RST instead of FIN.
                guard let socket = channel as? any SocketOptionProvider else { return channel.close(promise: nil) }
                socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
            }
        case .garbage(let bytes):
            sendAndClose(bytes, on: channel)
        case .endless:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
            send(Array(head.utf8), on: channel)
            writeEndless(on: channel, remaining: 1 << 14)
        case .never:
            let held: Bool = state.stopped.withLock { stopping in
                guard !stopping.isStopped else { return false }
                stopping.waiting.append(channel)
                return true
            }
            guard held else {
                channel.close(promise: nil)
                return
            }
            channel.eventLoop.scheduleTask(in: Self.neverTimeout) { channel.close(promise: nil) }
        }
    }

    /// 64 KB chunks, each once the one before is written, until the client goes or the server stops.
    private func writeEndless(on channel: any Channel, remaining: Int) {
        guard remaining > 0, !state.isStopped else {
            channel.close(promise: nil)
            return
        }
        let chunk = channel.allocator.buffer(repeating: UInt8(ascii: " "), count: 64 * 1024)
        let connection = NIOLoopBound(self, eventLoop: channel.eventLoop)
        channel.writeAndFlush(chunk).whenComplete { result in
            guard case .success = result else { return }
            connection.value.writeEndless(on: channel, remaining: remaining - 1)
        }
    }

    private func send(_ bytes: [UInt8], on channel: any Channel) {
        channel.writeAndFlush(channel.allocator.buffer(bytes: bytes), promise: nil)
    }

    private func sendAndClose(_ bytes: [UInt8], on channel: any Channel) {
        channel.writeAndFlush(channel.allocator.buffer(bytes: bytes)).whenComplete { _ in channel.close(promise: nil) }
    }

    private static func head(status: Int, headers: [String: String], length: Int) -> [UInt8] {
        var text = "HTTP/1.1 \(status) Status\r\nContent-Length: \(length)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }
}

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
