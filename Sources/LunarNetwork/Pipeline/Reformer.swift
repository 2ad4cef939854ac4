import Foundation
import LunarJSON

/// Reshapes a decoded JSON response into what the caller gets (the server's JSON in, the business
/// layer's JSON out): the Swift form of a reformer ``ResponseStage``.
///
/// Set one per request (`Request.reformers`), per request kind (`NetworkConfiguration.kindReformers`)
/// or globally (`NetworkConfiguration.reformers`); they run as one chain: global, then kind, then
/// request, each receiving the previous one's output. Reformers run on the client's executor.
/// Throwing a `NetworkError` fails the request with that error as is; any other error becomes a
/// `.reform` error carrying its description. A document decoded by an adapter
/// (``ResponseValue/adapted(_:)``, a script's tables) passes a `Reformer` untouched.
public protocol Reformer: ResponseStage {
    /// Returns the reshaped value, or throws to fail the request.
    func reform(_ value: JSONValue, context: ReformContext) throws -> JSONValue
}

extension Reformer {
    /// `.reform`.
    public var failureKind: NetworkError.Kind { .reform }

    /// Reforms a JSON document; passes an adapter's on.
    public func run(_ value: ResponseValue, context: ReformContext) throws -> ResponseValue {
        guard case .json(let json) = value else { return value }
        return .json(try reform(json, context: context))
    }
}

/// What a reformer may want to know about the response it reshapes.
public struct ReformContext: Sendable {
    /// The request's kind (`Request.kind`), if it has one.
    public let kind: String?
    /// The URL that answered.
    public let url: URL
    /// The HTTP status.
    public let status: Int
    /// The response headers, names lowercased.
    public let headers: [String: String]
    /// Whether the response came from the cache.
    public let isFromCache: Bool

    /// Creates a context; adapters running their own reformers use this.
    public init(kind: String?, url: URL, status: Int, headers: [String: String], isFromCache: Bool) {
        self.kind = kind
        self.url = url
        self.status = status
        self.headers = headers
        self.isFromCache = isFromCache
    }
}

/// A reformer made from a closure.
public struct ClosureReformer: Reformer {
    private let body: (JSONValue, ReformContext) throws -> JSONValue

    /// Wraps `body`, which receives the value and its context.
    public init(_ body: @escaping (JSONValue, ReformContext) throws -> JSONValue) {
        self.body = body
    }

    /// Calls the closure.
    public func reform(_ value: JSONValue, context: ReformContext) throws -> JSONValue {
        try body(value, context)
    }
}
