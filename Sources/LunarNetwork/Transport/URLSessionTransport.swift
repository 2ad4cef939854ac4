import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The default transport: a delegate-based `URLSession` (Foundation's on Linux), so it can stop a body
/// at the size cap, report download progress and cancel.
///
/// Thread-safe. Responses are never stored in URLSession's own cache (the client has its own) and
/// cookies are not kept. The session is invalidated, cancelling what is in flight, when the transport
/// is released.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let receiver: SessionReceiver

    /// Creates a transport on a session built from `configuration` (ephemeral by default);
    /// caching and cookie storage are switched off in it.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "lunar.network.session"
        receiver = SessionReceiver()
        session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: queue)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Starts a data task for `request`; see `HTTPTransport`.
    ///
    /// On Linux, Foundation counts the timeout in whole seconds (and fails at once below one), so
    /// the timeout is rounded up to a whole number of seconds there.
    public func start(_ request: TransportRequest, events: @escaping @Sendable (TransportEvent) -> Void) -> any TransportTask {
        var urlRequest = request.urlRequest
        #if os(Linux)
        urlRequest.timeoutInterval = max(1, urlRequest.timeoutInterval.rounded(.up))
        #endif
        // At most a year (a script's timeouts are checked to that, docs/lua/numbers.md; a host's
        // are kept to it here): Foundation traps converting a timeout of 1e16 s to nanoseconds.
        if !(urlRequest.timeoutInterval <= 31_536_000) { urlRequest.timeoutInterval = 31_536_000 }
        let task = session.dataTask(with: urlRequest)
        task.priority = request.priority.sessionPriority
        receiver.register(task, limit: request.maximumBodySize, hostPolicy: request.hostPolicy, events: events)
        task.resume()
        return SessionTask(task: task)
    }
}

/// Cancels one URLSession task.
private struct SessionTask: TransportTask, @unchecked Sendable {
    // URLSessionTask is thread-safe but not marked Sendable on every platform.
    let task: URLSessionTask

    func cancel() {
        task.cancel()
    }
}

/// The session delegate: collects each task's body, enforces its cap and reports its events.
private final class SessionReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Unchecked: all mutable state is behind `exchanges`' mutex.
    private struct Exchange {
        let limit: Int
        let hostPolicy: HostPolicy?
        let events: @Sendable (TransportEvent) -> Void
        var response: HTTPURLResponse?
        var body = Data()
        var failure: NetworkError?
    }

    private let exchanges = Mutex<[Int: Exchange]>([:])

    func register(_ task: URLSessionTask, limit: Int, hostPolicy: HostPolicy?, events: @escaping @Sendable (TransportEvent) -> Void) {
        exchanges.withLock { $0[task.taskIdentifier] = Exchange(limit: limit, hostPolicy: hostPolicy, events: events) }
    }

    /// Follows a redirect only to a host the request's policy allows; otherwise the exchange ends
    /// here with the `.policy` error, before any connection to that host.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let id = task.taskIdentifier
        let refusal = exchanges.withLock { exchanges -> (NetworkError, @Sendable (TransportEvent) -> Void)? in
            guard let exchange = exchanges[id], let policy = exchange.hostPolicy else { return nil }
            guard let url = request.url else {
                exchanges[id] = nil
                return (NetworkError(kind: .policy, message: "a redirect without a URL is refused", url: response.url), exchange.events)
            }
            do throws(NetworkError) {
                try policy.check(url)
                return nil
            } catch {
                exchanges[id] = nil
                return (NetworkError(kind: .policy, message: "a redirect is refused: \(error.message)", url: url), exchange.events)
            }
        }
        guard let (failure, events) = refusal else {
            completionHandler(request)
            return
        }
        events(.completed(.failure(failure)))
        completionHandler(nil)
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let allowed = exchanges.withLock { exchanges -> Bool in
            guard var exchange = exchanges[dataTask.taskIdentifier] else { return false }
            exchange.response = response as? HTTPURLResponse
            if response.expectedContentLength > Int64(exchange.limit) {
                exchange.failure = Self.tooLarge(limit: exchange.limit, url: response.url)
            }
            exchanges[dataTask.taskIdentifier] = exchange
            return exchange.failure == nil
        }
        completionHandler(allowed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let report = exchanges.withLock { exchanges -> (TransportEvent, @Sendable (TransportEvent) -> Void)? in
            guard var exchange = exchanges[id], exchange.failure == nil else { return nil }
            guard exchange.body.count + data.count <= exchange.limit else {
                // Over the cap: the exchange ends here, not when URLSession acknowledges the cancel.
                // Foundation on Linux only stops the transfer once its busy work queue gets to the
                // cancel, and an endless body keeps that queue busy: until then the body is still
                // read and handed to us (found when the chaos catalogue ran under ThreadSanitizer,
                // where the whole gigabyte came through before the error).
                exchanges[id] = nil
                let failure = Self.tooLarge(limit: exchange.limit, url: dataTask.originalRequest?.url)
                return (.completed(.failure(failure)), exchange.events)
            }
            exchange.body.append(data)
            exchanges[id] = exchange
            let expected = exchange.response.map(\.expectedContentLength).flatMap { $0 >= 0 ? $0 : nil }
            return (.progress(DownloadProgress(receivedBytes: Int64(exchange.body.count), expectedBytes: expected)), exchange.events)
        }
        guard let (event, events) = report else { return }
        events(event)
        // Once: a cancel waits for URLSession's work queue, so one per later chunk would stall this queue.
        if case .completed = event { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let url = task.currentRequest?.url ?? task.originalRequest?.url
        let outcome: Result<TransportResponse, NetworkError>
        if let failure = exchange.failure {
            outcome = .failure(failure)
        } else if let error {
            outcome = .failure(Self.networkError(for: error, url: url))
        } else if let response = exchange.response {
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            outcome = .success(TransportResponse(
                status: response.statusCode, headers: headers, body: exchange.body, url: response.url ?? url!))
        } else {
            outcome = .failure(NetworkError(kind: .transport, message: "no HTTP response", url: url))
        }
        exchange.events(.completed(outcome))
    }

    private static func tooLarge(limit: Int, url: URL?) -> NetworkError {
        NetworkError(kind: .tooLarge, message: "the response body is larger than \(limit) bytes", url: url)
    }

    /// Sorts URLSession's errors into the kinds callers branch on.
    private static func networkError(for error: any Error, url: URL?) -> NetworkError {
        let code = (error as? URLError)?.code
        let kind: NetworkError.Kind = switch code {
        case .timedOut?: .timeout
        case .cancelled?: .cancelled
        case .cannotConnectToHost?, .notConnectedToInternet?, .cannotFindHost?, .dnsLookupFailed?,
            .internationalRoamingOff?, .dataNotAllowed?:
            .offline
        default: .transport
        }
        // Foundation on Linux describes a timeout only by its code ("NSURLErrorDomain error -1001").
        let message = kind == .timeout ? "the server did not answer in time" : error.localizedDescription
        return NetworkError(kind: kind, message: message, url: url)
    }
}
