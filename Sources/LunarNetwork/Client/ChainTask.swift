/// Steps sent one after another, each chosen from the previous one's output (YTKChainRequest).
/// The chain fails at the first failing step (its `index` says which). A step may be a request or
/// a batch or another chain. Confined to the client's executor.
public final class ChainTask<Output>: NetworkTask {
    /// What decides the step after an output: the next step, or `nil` to finish. Receives the
    /// output and its zero-based step number. Throwing fails the chain with that error (its
    /// `index` is the step that was being chosen).
    public typealias NextStep = (_ output: Output, _ step: Int) throws(NetworkError) -> NetworkStep<Output>?

    /// The outputs of the steps finished so far, in order.
    public private(set) var outputs: [Output] = []
    /// The step running now; `nil` once finished.
    public private(set) var current: (any NetworkTask)?
    /// The outcome, once finished: every step's output, or the first error.
    public private(set) var result: Result<[Output], NetworkError>?
    private let next: NextStep
    private var deliver: ((Result<[Output], NetworkError>) -> Void)?
    private weak var client: NetworkClient?
    private var cancelRequested = false

    public var isFinished: Bool { result != nil }

    init(client: NetworkClient, next: @escaping NextStep, deliver: @escaping (Result<[Output], NetworkError>) -> Void) {
        self.client = client
        self.next = next
        self.deliver = deliver
    }

    /// Cancels the running step; the chain then fails with `.cancelled` and starts no further step.
    public func cancel() {
        guard result == nil, !cancelRequested else { return }
        cancelRequested = true
        current?.cancel()
    }

    func run(_ step: NetworkStep<Output>) {
        guard let client else { return }
        let position = outputs.count
        current = step.start(on: client) { [self] outcome in
            current = nil
            switch outcome {
            case .failure(let error):
                finish(.failure(error.at(position)))
            case .success(let output):
                outputs.append(output)
                guard !cancelRequested else { return finish(.failure(NetworkError.cancelled(nil).at(position + 1))) }
                do throws(NetworkError) {
                    if let following = try next(output, position) {
                        run(following)
                    } else {
                        finish(.success(outputs))
                    }
                } catch {
                    finish(.failure(error.at(position + 1)))
                }
            }
        }
    }

    private func finish(_ outcome: Result<[Output], NetworkError>) {
        current = nil
        result = outcome
        let deliver = self.deliver
        self.deliver = nil
        deliver?(outcome)
    }
}

extension NetworkClient {
    /// Starts `first`, then whatever `next` returns for each output, until it returns `nil`;
    /// `completion` gets every output in order, or the first error.
    @discardableResult
    public func sendChain<Output>(_ first: NetworkStep<Output>, next: @escaping ChainTask<Output>.NextStep,
                                  completion: @escaping (Result<[Output], NetworkError>) -> Void) -> ChainTask<Output> {
        let chain = ChainTask(client: self, next: next, deliver: completion)
        chain.run(first)
        return chain
    }

    /// ``sendChain(_:next:completion:)-(NetworkStep<Output>,_,_)`` for requests: `next` makes the
    /// following request from a response (or returns `nil` to finish).
    @discardableResult
    public func sendChain(_ first: Request, next: @escaping (_ response: Response, _ step: Int) throws(NetworkError) -> Request?,
                          completion: @escaping (Result<[Response], NetworkError>) -> Void) -> ChainTask<Response> {
        sendChain(NetworkStep<Response>.request(first), next: { response, step throws(NetworkError) in
            try next(response, step).map { NetworkStep<Response>.request($0) }
        }, completion: completion)
    }
}
