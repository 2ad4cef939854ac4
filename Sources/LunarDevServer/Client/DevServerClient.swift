import Foundation
import LunarBase
import LunarBundle
import LunarMockAPI
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP/1.1 client for dev servers (plain `http://` only): whole
/// responses, and the server-sent events of a streaming one.
///
/// One connection per request, closed after it. The request target is sent
/// exactly as given (no `..` normalisation), which the tests of path checks
/// rely on. Usable from any task.
public struct DevServerClient: Sendable {
    /// The server's base URL; request paths are appended to its path.
    public let baseURL: URL
    private let host: String
    private let port: Int
    private let basePath: String

    /// Refuses anything but an `http://` URL with a host.
    public init(baseURL: URL) throws(MessageError) {
        guard baseURL.scheme?.lowercased() == "http", let host = baseURL.host, !host.isEmpty else {
            throw MessageError("\(baseURL.absoluteString): a dev server URL looks like http://HOST:PORT/")
        }
        self.baseURL = baseURL
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        self.port = baseURL.port ?? 80
        var path = baseURL.path
        while path.hasSuffix("/") { path.removeLast() }
        self.basePath = path
    }

    /// The largest body ``send(_:_:headers:body:limit:)`` reads unless told otherwise: a bundle's
    /// per-file cap (`BundleLimits.standard.maxFileSize`, 32 MiB).
    public static let defaultReplyLimit = BundleLimits.standard.maxFileSize

    /// Sends one request and reads the whole response.
    /// - Parameters:
    ///   - path: the target below the base URL, starting with `/`, percent-encoded, with any query.
    ///   - limit: the largest body accepted, in bytes. A `Content-Length` over it is refused before
    ///     the body is read, and a body that grows past it while streaming is refused at the byte
    ///     that crosses it; both throw ``ReplyTooLarge`` and close the connection.
    public func send(
        _ method: String = "GET", _ path: String, headers: [HeaderField] = [], body: [UInt8] = [],
        limit: Int = DevServerClient.defaultReplyLimit
    ) async throws -> HTTPReply {
        try await exchange(method, path, headers: headers, body: body) { inbound in
            var status = 0
            var fields: [HeaderField] = []
            var bytes: [UInt8] = []
            for try await part in inbound {
                switch part {
                case .head(let head):
                    status = Int(head.status.code)
                    fields = head.headers.map { HeaderField($0.name, $0.value) }
                    if let declared = head.headers.first(name: "content-length").flatMap(Int.init), declared > limit {
                        throw ReplyTooLarge(limit: limit, declared: declared)
                    }
                case .body(let buffer):
                    guard bytes.count + buffer.readableBytes <= limit else { throw ReplyTooLarge(limit: limit, declared: nil) }
                    bytes.append(contentsOf: buffer.readableBytesView)
                case .end:
                    return HTTPReply(status: status, headers: fields, body: bytes)
                }
            }
            throw MessageError("\(method) \(path): the connection closed before the response ended")
        }
    }

    /// The events of a `text/event-stream` response, as they arrive. The
    /// stream throws when the server answers anything but 200 or sends an event
    /// larger than `limit` bytes (``ReplyTooLarge``), and ends when the server
    /// closes the response; stopping iteration closes the connection.
    public func events(_ path: String = "/events", limit: Int = 1 << 20) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<ServerSentEvent, any Error>.makeStream()
        let client = self
        let task = Task {
            do {
                try await client.exchange("GET", path, headers: [HeaderField("Accept", "text/event-stream")], body: []) { inbound in
                    var parser = ServerSentEventParser(limit: limit)
                    var failure: (status: Int, body: [UInt8])?
                    for try await part in inbound {
                        switch part {
                        case .head(let head):
                            if head.status != .ok { failure = (Int(head.status.code), []) }
                        case .body(let buffer):
                            if failure != nil {
                                guard failure!.body.count + buffer.readableBytes <= limit else {
                                    throw ReplyTooLarge(limit: limit, declared: nil)
                                }
                                failure!.body.append(contentsOf: buffer.readableBytesView)
                            } else {
                                for event in try parser.consume(buffer.readableBytesView) { continuation.yield(event) }
                            }
                        case .end:
                            if let failure {
                                let text = String(decoding: failure.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                                throw MessageError("GET \(path): \(failure.status) \(text)")
                            }
                            return
                        }
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func exchange<T: Sendable>(
        _ method: String, _ path: String, headers: [HeaderField], body: [UInt8],
        _ read: @Sendable (NIOAsyncChannelInboundStream<HTTPClientResponsePart>) async throws -> T
    ) async throws -> T {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: basePath + path)
        head.headers.add(name: "Host", value: port == 80 ? host : "\(host):\(port)")
        head.headers.add(name: "Connection", value: "close")
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) {
            head.headers.add(name: "Content-Length", value: String(body.count))
        }
        for field in headers { head.headers.add(name: field.name, value: field.value) }
        let requestHead = head
        return try await channel.executeThenClose { inbound, outbound in
            do {
                try await outbound.write(.head(requestHead))
                if !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
                try await outbound.write(.end(nil))
            } catch ChannelError.ioOnClosedChannel {
                // A server may answer and close before the request is all written (it does not
                // need the rest): what it sent is still to be read, and says what happened.
            }
            return try await read(inbound)
        }
    }
}

/// A reply (or a feed's event) larger than the reader accepts; reading stopped there.
public struct ReplyTooLarge: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cap, in bytes.
    public let limit: Int
    /// The `Content-Length` the server announced, when that was over the cap.
    public let declared: Int?

    public init(limit: Int, declared: Int?) {
        self.limit = limit
        self.declared = declared
    }

    public var description: String {
        if let declared { return "the server announced \(declared) bytes, over the cap of \(limit)" }
        return "the server sent more than the cap of \(limit) bytes"
    }
}
