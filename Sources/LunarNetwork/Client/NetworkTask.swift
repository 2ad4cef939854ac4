/// Something a `NetworkClient` started that finishes once and can be cancelled: a request
/// (``RequestTask``), a batch (``BatchTask``) or a chain (``ChainTask``). Confined to the
/// client's executor.
public protocol NetworkTask: AnyObject {
    /// Whether it has its outcome.
    var isFinished: Bool { get }
    /// Stops it; unless it already finished, it finishes with a `.cancelled` error, delivered
    /// later on the executor (never inside this call).
    func cancel()
}

extension RequestTask: NetworkTask {}

/// One member of a batch or one step of a chain, not started yet: a request, or a nested batch or
/// chain, and what it yields when it succeeds.
///
/// ```swift
/// let both = NetworkStep.batch([.request(Request(path: "/banner")), .request(Request(path: "/items"))])
/// client.sendChain(.request(Request(.post, path: "/login")).map { [$0] }, next: { _, step in step == 0 ? both : nil }) { ... }
/// ```
public struct NetworkStep<Output> {
    private let starter: (NetworkClient, @escaping (Result<Output, NetworkError>) -> Void) -> any NetworkTask

    /// A step that `start` begins on a client; `completion` must then run exactly once, later, on
    /// the client's executor.
    public init(start: @escaping (_ client: NetworkClient, _ completion: @escaping (Result<Output, NetworkError>) -> Void) -> any NetworkTask) {
        starter = start
    }

    /// Starts the step on `client` (from its executor); `completion` receives its outcome there, later.
    public func start(on client: NetworkClient, completion: @escaping (Result<Output, NetworkError>) -> Void) -> any NetworkTask {
        starter(client, completion)
    }

    /// The same step, yielding `transform` of its output (run on the executor when it succeeds).
    public func map<Mapped>(_ transform: @escaping (Output) -> Mapped) -> NetworkStep<Mapped> {
        NetworkStep<Mapped> { client, completion in
            start(on: client) { completion($0.map(transform)) }
        }
    }

    /// A batch of `members` as one step, yielding their outputs in order (see ``BatchTask``).
    public static func batch<Member>(_ members: [NetworkStep<Member>]) -> NetworkStep<[Member]> where Output == [Member] {
        NetworkStep { client, completion in client.sendBatch(members, completion: completion) }
    }

    /// A chain as one step, yielding the output of every step it ran (see ``ChainTask``).
    public static func chain<Member>(_ first: NetworkStep<Member>, next: @escaping ChainTask<Member>.NextStep) -> NetworkStep<[Member]>
        where Output == [Member] {
        NetworkStep { client, completion in client.sendChain(first, next: next, completion: completion) }
    }
}

extension NetworkStep where Output == Response {
    /// Sending `request`, yielding its response.
    public static func request(_ request: Request) -> NetworkStep<Response> {
        NetworkStep { client, completion in client.send(request, completion: completion) }
    }
}
