import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Moves one HTTP exchange over the wire. The client prepares the request (URL, headers, body)
/// and interprets the answer; a transport only sends, receives and reports.
///
/// Implementations are `Sendable` and may call `events` on any thread. They promise: `events` is never
/// called synchronously inside `start`; progress events come in order; exactly one `.completed` event
/// comes, last — also after `cancel()`.
public protocol HTTPTransport: Sendable {
    /// Starts `request` and reports its progress and outcome through `events`.
    func start(_ request: TransportRequest, events: @escaping @Sendable (TransportEvent) -> Void) -> any TransportTask
}

/// A request in flight on a transport.
public protocol TransportTask: Sendable {
    /// Stops the exchange as soon as possible; the transport then completes with `.cancelled`.
    func cancel()
}

/// What a transport is asked to send.
public struct TransportRequest: Sendable {
    /// The fully prepared request: URL after filters, method, headers, body, timeout.
    public var urlRequest: URLRequest
    /// The largest body to accept; a larger one completes with a `.tooLarge` error.
    public var maximumBodySize: Int
    /// The scheduling priority.
    public var priority: RequestPriority
    /// The hosts the request may reach: the client checked `urlRequest`'s URL; a transport that
    /// follows redirects checks each new URL and completes with its `.policy` error instead of
    /// connecting. `nil` allows any host.
    public var hostPolicy: HostPolicy?

    /// Creates a transport request.
    public init(urlRequest: URLRequest, maximumBodySize: Int, priority: RequestPriority, hostPolicy: HostPolicy? = nil) {
        self.urlRequest = urlRequest
        self.maximumBodySize = maximumBodySize
        self.priority = priority
        self.hostPolicy = hostPolicy
    }
}

/// An HTTP answer as a transport received it, whatever its status.
public struct TransportResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The headers, names lowercased.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data
    /// The URL that answered.
    public var url: URL

    /// Creates a transport response.
    public init(status: Int, headers: [String: String], body: Data, url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }
}

/// What a transport reports about a request.
public enum TransportEvent: Sendable {
    /// Body bytes arrived.
    case progress(DownloadProgress)
    /// The exchange ended: with an answer (any status), or with a `.timeout`, `.offline`, `.transport`,
    /// `.tooLarge`, `.policy` (a refused redirect) or `.cancelled` error.
    case completed(Result<TransportResponse, NetworkError>)
}
