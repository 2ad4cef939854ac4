/// Requests sent together that succeed or fail as one (YTKBatchRequest): the batch succeeds with
/// every response, in request order, once all succeed; the first failure fails the batch and cancels
/// the requests still running. Confined to the client's executor.
public final class BatchTask {
    /// The member requests, in the order given.
    public let tasks: [RequestTask]
    /// The outcome, once finished.
    public private(set) var result: Result<[Response], NetworkError>?
    private var responses: [Response?]
    private var deliver: ((Result<[Response], NetworkError>) -> Void)?

    init(tasks: [RequestTask], deliver: @escaping (Result<[Response], NetworkError>) -> Void) {
        self.tasks = tasks
        self.responses = Array(repeating: nil, count: tasks.count)
        self.deliver = deliver
    }

    /// Cancels every member still running; the batch then fails with `.cancelled`.
    public func cancel() {
        for task in tasks { task.cancel() }
    }

    func member(at index: Int, finishedWith outcome: Result<Response, NetworkError>) {
        guard result == nil else { return }
        switch outcome {
        case .success(let response):
            responses[index] = response
            if responses.allSatisfy({ $0 != nil }) { finish(.success(responses.map { $0! })) }
        case .failure(let error):
            finish(.failure(error))
            cancel()
        }
    }

    func finish(_ outcome: Result<[Response], NetworkError>) {
        guard result == nil else { return }
        result = outcome
        let deliver = self.deliver
        self.deliver = nil
        deliver?(outcome)
    }
}

extension NetworkClient {
    /// Starts every request at once; `completion` gets all responses in order, or the first error
    /// (after which the others are cancelled). An empty batch succeeds with no responses, delivered later.
    @discardableResult
    public func sendBatch(_ requests: [Request], completion: @escaping (Result<[Response], NetworkError>) -> Void) -> BatchTask {
        var members: [RequestTask] = []
        var batch: BatchTask?
        for (index, request) in requests.enumerated() {
            members.append(send(request) { outcome in batch?.member(at: index, finishedWith: outcome) })
        }
        let created = BatchTask(tasks: members, deliver: completion)
        batch = created
        if requests.isEmpty {
            let bound = ExecutorBound(created)
            scheduler.schedule { bound.value.finish(.success([])) }
        }
        return created
    }
}
