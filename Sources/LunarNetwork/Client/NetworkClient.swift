import Foundation
import LunarBase

/// Sends `Request`s and delivers their results (YTKNetwork's agent): prepares the URL, consults the
/// cache, runs the transport, checks, decodes and reforms the answer, and tells accessories.
///
/// Confined to one serial executor — the one `scheduler` runs work on — like everything it calls
/// back: create it, start requests and read its state only there. Completions, progress, accessory
/// hooks and reformers always run there, and never synchronously inside the call that started or
/// cancelled the request.
public final class NetworkClient {
    /// Settings for requests started from now on.
    public var configuration: NetworkConfiguration
    /// Moves the bytes.
    public let transport: any HTTPTransport
    /// Runs callbacks on the client's executor.
    public let scheduler: any CallbackScheduler
    private let now: () -> Date
    private var lastID = 0
    private var running: [Int: RequestTask] = [:]

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: shared settings; change them later through ``configuration``.
    ///   - transport: the wire; URLSession by default.
    ///   - scheduler: hands work back to the executor this client is confined to.
    ///   - now: the clock the cache ages entries by (a virtual one in tests).
    public init(
        configuration: NetworkConfiguration = NetworkConfiguration(),
        transport: any HTTPTransport = URLSessionTransport(),
        scheduler: any CallbackScheduler,
        now: @escaping () -> Date = Date.init
    ) {
        self.configuration = configuration
        self.transport = transport
        self.scheduler = scheduler
        self.now = now
    }

    /// The requests started and not yet finished, in start order.
    public var runningTasks: [RequestTask] {
        running.values.sorted { $0.id < $1.id }
    }

    /// Starts `request`; `completion` receives its result on the executor.
    @discardableResult
    public func send(_ request: Request, completion: @escaping (Result<Response, NetworkError>) -> Void) -> RequestTask {
        lastID += 1
        let task = RequestTask(
            id: lastID, request: request, client: self,
            accessories: configuration.accessories + request.accessories, deliver: completion)
        start(task)
        return task
    }

    /// Starts `request` and reports to `delegate` (held weakly) on the executor.
    @discardableResult
    public func send(_ request: Request, delegate: any RequestDelegate) -> RequestTask {
        weak let delegate = delegate
        var started: RequestTask?
        let task = send(request) { result in
            guard let delegate, let task = started else { return }
            switch result {
            case .success(let response): delegate.requestFinished(task, response: response)
            case .failure(let error): delegate.requestFailed(task, error: error)
            }
        }
        started = task
        task.onProgress = { [unowned task] progress in delegate?.request(task, didReceive: progress) }
        return task
    }

    /// Cancels every running request.
    public func cancelAll() {
        for task in runningTasks { task.cancel() }
    }

    /// Deletes the cached answer for `request`, if any (a stale answer the app knows of, such as a
    /// profile after logging out). An answer the pipeline rejected is never cached in the first place.
    public func removeCachedResponse(for request: Request) {
        guard let prepared = try? PreparedRequest(request, configuration: configuration) else { return }
        responseCache.remove(key: prepared.cacheKey)
    }

    /// Deletes every cached answer under the configured cache directory.
    public func removeAllCachedResponses() {
        responseCache.removeAll()
    }

    private var responseCache: ResponseCache {
        ResponseCache(directory: configuration.cacheDirectory, now: now)
    }

    private func start(_ task: RequestTask) {
        running[task.id] = task
        for accessory in task.accessories { accessory.requestWillStart(task) }
        let bound = ExecutorBound(task)
        let prepared: PreparedRequest
        do {
            prepared = try PreparedRequest(task.request, configuration: configuration)
        } catch {
            scheduler.schedule { bound.value.finish(.failure(error)) }
            return
        }
        task.url = prepared.transportRequest.urlRequest.url
        task.cacheKey = prepared.cacheKey
        if let policy = task.request.cache, policy.lifetime > 0, !policy.ignoresCachedResponse,
           let cached = responseCache.load(key: prepared.cacheKey, policy: policy) {
            scheduler.schedule { bound.value.complete(with: .success(cached), isFromCache: true) }
            return
        }
        let scheduler = self.scheduler
        task.transportTask = transport.start(prepared.transportRequest) { event in
            scheduler.schedule { bound.value.handle(event) }
        }
    }

    /// Checks, decodes and reforms an answer for `task`, and caches it when it succeeded fresh.
    func process(_ answer: TransportResponse, isFromCache: Bool, for task: RequestTask) -> Result<Response, NetworkError> {
        let request = task.request
        let kindReformers = request.kind.flatMap { configuration.kindReformers[$0] } ?? []
        let pipeline = ResponsePipeline(request: request, reformers: configuration.reformers + kindReformers + request.reformers)
        let outcome = pipeline.run(answer, isFromCache: isFromCache)
        if case .success = outcome, !isFromCache, let policy = request.cache, policy.lifetime > 0, let key = task.cacheKey {
            responseCache.store(answer, key: key, policy: policy)
        }
        return outcome
    }

    func taskDidFinish(_ task: RequestTask) {
        running[task.id] = nil
    }
}
