/// Requests sent one after another, each chosen from the previous response (YTKChainRequest).
/// The chain fails at the first failing step. Confined to the client's executor.
public final class ChainTask {
    /// What decides the step after a response: the next request, or `nil` to finish.
    /// Receives the response and its zero-based step number. Throwing fails the chain with that error.
    public typealias NextStep = (_ response: Response, _ step: Int) throws(NetworkError) -> Request?

    /// The responses of the steps finished so far, in order.
    public private(set) var responses: [Response] = []
    /// The step running now; `nil` once finished.
    public private(set) var current: RequestTask?
    /// The outcome, once finished: every step's response, or the first error.
    public private(set) var result: Result<[Response], NetworkError>?
    private let next: NextStep
    private var deliver: ((Result<[Response], NetworkError>) -> Void)?
    private weak var client: NetworkClient?

    init(client: NetworkClient, next: @escaping NextStep, deliver: @escaping (Result<[Response], NetworkError>) -> Void) {
        self.client = client
        self.next = next
        self.deliver = deliver
    }

    /// Cancels the running step; the chain then fails with `.cancelled` and starts no further step.
    public func cancel() {
        current?.cancel()
    }

    func run(_ request: Request) {
        guard let client else { return }
        current = client.send(request) { [self] outcome in
            switch outcome {
            case .failure(let error):
                finish(.failure(error))
            case .success(let response):
                responses.append(response)
                do throws(NetworkError) {
                    if let following = try next(response, responses.count - 1) {
                        run(following)
                    } else {
                        finish(.success(responses))
                    }
                } catch {
                    finish(.failure(error))
                }
            }
        }
    }

    private func finish(_ outcome: Result<[Response], NetworkError>) {
        current = nil
        result = outcome
        let deliver = self.deliver
        self.deliver = nil
        deliver?(outcome)
    }
}

extension NetworkClient {
    /// Sends `first`, then whatever `next` returns for each response, until it returns `nil`;
    /// `completion` gets every response in order, or the first error.
    @discardableResult
    public func sendChain(
        _ first: Request, next: @escaping ChainTask.NextStep,
        completion: @escaping (Result<[Response], NetworkError>) -> Void
    ) -> ChainTask {
        let chain = ChainTask(client: self, next: next, deliver: completion)
        chain.run(first)
        return chain
    }
}
