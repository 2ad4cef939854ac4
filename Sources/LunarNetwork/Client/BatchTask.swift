import LunarBase

/// Members sent together that succeed or fail as one (YTKBatchRequest): the batch succeeds with
/// every member's output, in member order, once all succeed; the first failure fails the batch
/// (its `index` says which member) and cancels the members still running. A member may be a
/// request or another batch or chain. Confined to the client's executor.
public final class BatchTask<Output>: NetworkTask {
    /// The members, in the order given, as started.
    public private(set) var members: [any NetworkTask] = []
    /// The outcome, once finished.
    public private(set) var result: Result<[Output], NetworkError>?
    private var outputs: [Output?]
    private var remaining: Int
    private var deliver: ((Result<[Output], NetworkError>) -> Void)?
    private let scheduler: any CallbackScheduler
    private var cancelRequested = false

    public var isFinished: Bool { result != nil }

    init(count: Int, scheduler: any CallbackScheduler, deliver: @escaping (Result<[Output], NetworkError>) -> Void) {
        outputs = Array(repeating: nil, count: count)
        remaining = count
        self.scheduler = scheduler
        self.deliver = deliver
    }

    /// Cancels every member still running; the batch then fails with `.cancelled`.
    public func cancel() {
        guard result == nil, !cancelRequested else { return }
        cancelRequested = true
        for member in members { member.cancel() }
    }

    func start(_ steps: [NetworkStep<Output>], on client: NetworkClient) {
        guard !steps.isEmpty else {
            // Still answered later, never inside the call that started it.
            let bound = ExecutorBound(self)
            scheduler.schedule {
                let batch = bound.value
                batch.finish(batch.cancelRequested ? .failure(.cancelled(nil)) : .success([]))
            }
            return
        }
        for (index, step) in steps.enumerated() {
            members.append(step.start(on: client) { [self] outcome in member(at: index, finishedWith: outcome) })
        }
    }

    private func member(at index: Int, finishedWith outcome: Result<Output, NetworkError>) {
        guard result == nil else { return }
        switch outcome {
        case .success(let output):
            outputs[index] = output
            remaining -= 1
            if remaining == 0 { finish(.success(outputs.map { $0! })) }
        case .failure(let error):
            finish(.failure(error.at(index)))
            for member in members { member.cancel() }
        }
    }

    private func finish(_ outcome: Result<[Output], NetworkError>) {
        guard result == nil else { return }
        result = outcome
        let deliver = self.deliver
        self.deliver = nil
        deliver?(outcome)
    }
}

extension NetworkClient {
    /// Starts every member at once; `completion` gets all outputs in order, or the first error
    /// (after which the others are cancelled). An empty batch succeeds with no outputs, delivered later.
    @discardableResult
    public func sendBatch<Output>(_ members: [NetworkStep<Output>],
                                  completion: @escaping (Result<[Output], NetworkError>) -> Void) -> BatchTask<Output> {
        let batch = BatchTask(count: members.count, scheduler: scheduler, deliver: completion)
        batch.start(members, on: self)
        return batch
    }

    /// ``sendBatch(_:completion:)-(Array<NetworkStep<Output>>,_)`` for requests: every response in request order.
    @discardableResult
    public func sendBatch(_ requests: [Request], completion: @escaping (Result<[Response], NetworkError>) -> Void) -> BatchTask<Response> {
        sendBatch(requests.map { NetworkStep<Response>.request($0) }, completion: completion)
    }
}
