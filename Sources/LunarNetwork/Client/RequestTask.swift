import Foundation
import LunarBase

/// A request that a `NetworkClient` started: its handle for cancelling, observing progress and
/// reading the outcome. The client keeps it alive until it finishes; callers need not.
///
/// Confined to the client's executor, like the client.
public final class RequestTask {
    /// A number unique among the tasks of one client, increasing in start order.
    public let id: Int
    /// The request as it was started.
    public let request: Request
    /// The URL sent to, after base URL, query and filters; `nil` until prepared, or if it could not be.
    public internal(set) var url: URL?
    /// The outcome, once finished; `nil` while running.
    public private(set) var result: Result<Response, NetworkError>?
    /// Called on the client's executor as body bytes arrive; set it right after starting.
    public var onProgress: ((DownloadProgress) -> Void)?

    /// Whether the task has its outcome.
    public var isFinished: Bool { result != nil }

    private var client: NetworkClient?
    private let scheduler: any CallbackScheduler
    let accessories: [any RequestAccessory]
    private var deliver: ((Result<Response, NetworkError>) -> Void)?
    var transportTask: (any TransportTask)?
    /// What the answer is cached under, fixed when the request was prepared.
    var cacheKey: String?
    private var cancelRequested = false

    init(
        id: Int, request: Request, client: NetworkClient, accessories: [any RequestAccessory],
        deliver: @escaping (Result<Response, NetworkError>) -> Void
    ) {
        self.id = id
        self.request = request
        self.client = client
        self.scheduler = client.scheduler
        self.accessories = accessories
        self.deliver = deliver
    }

    /// Stops the request. Unless it already finished, it finishes with a `.cancelled` error, delivered
    /// later on the executor (never inside this call), even if the transport's answer arrives first.
    public func cancel() {
        guard result == nil, !cancelRequested else { return }
        cancelRequested = true
        transportTask?.cancel()
        let bound = ExecutorBound(self)
        scheduler.schedule { bound.value.finish(.failure(.cancelled(bound.value.url))) }
    }

    /// A transport event, now back on the executor.
    func handle(_ event: TransportEvent) {
        guard result == nil else { return }
        switch event {
        case .progress(let progress):
            if !cancelRequested { onProgress?(progress) }
        case .completed(let outcome):
            complete(with: outcome, isFromCache: false)
        }
    }

    /// Runs the answer through the pipeline and finishes.
    func complete(with outcome: Result<TransportResponse, NetworkError>, isFromCache: Bool) {
        guard result == nil else { return }
        guard !cancelRequested, let client else {
            finish(.failure(.cancelled(url)))
            return
        }
        switch outcome {
        case .failure(let error):
            finish(.failure(error))
        case .success(let answer):
            finish(client.process(answer, isFromCache: isFromCache, for: self))
        }
    }

    /// Records the outcome, tells the accessories, delivers it; only the first call counts.
    func finish(_ outcome: Result<Response, NetworkError>) {
        guard result == nil else { return }
        result = outcome
        transportTask = nil
        client?.taskDidFinish(self)
        client = nil
        for accessory in accessories { accessory.requestWillStop(self) }
        let deliver = self.deliver
        self.deliver = nil
        onProgress = nil
        deliver?(outcome)
        for accessory in accessories { accessory.requestDidStop(self) }
    }
}
