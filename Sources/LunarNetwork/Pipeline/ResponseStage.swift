import Foundation
import LunarJSON

/// A decoded response body on its way through the response pipeline.
public enum ResponseValue: Sendable {
    /// A document the client's own parser decoded (`Request.Decoding.json`): what a `JSONShape`
    /// checks and a `Reformer` reshapes.
    case json(JSONValue)
    /// A document an adapter's ``ResponseDecoder`` decoded into its own values (a script
    /// runtime's tables): only that adapter's stages read it; JSON stages pass it on untouched.
    case adapted(any Sendable)
}

/// Parses a JSON body into an adapter's own values in place of the client's `JSONValue` parser
/// (`Request.Decoding.adapted`), so a script runtime gets its tables without a `JSONValue` in
/// between. Runs on the client's executor.
public protocol ResponseDecoder {
    /// The value of `body` (an empty one included). Throwing fails the request with `.decode`,
    /// `the body is not JSON: <error>`.
    func decode(_ body: Data, context: ReformContext) throws -> ResponseValue
}

/// One step the response pipeline runs on the decoded body: a check (`Request.validation`) or a
/// reshaping (the reformers).
///
/// The pipeline runs, in this order, for every request whatever language its stages are in: the
/// status check, decoding, the request's validation, the global reformers, the kind's, the
/// request's; the answer is cached only when all of them passed. Stages run on the client's
/// executor. A stage that throws a `NetworkError` fails the request with it as is; a
/// ``ResponseStageFailure`` becomes an error of ``failureKind`` with its message; any other error
/// becomes one of ``failureKind`` whose message names the stage's type (`reformer 2
/// (ClosureReformer) failed: ...`). Every such error carries the status, body and URL.
public protocol ResponseStage {
    /// The kind of error a failure of this stage is: `.validation` for a check, `.reform` for a reshaping.
    var failureKind: NetworkError.Kind { get }
    /// The value the next stage receives, or throws to fail the request.
    func run(_ value: ResponseValue, context: ReformContext) throws -> ResponseValue
}

/// A stage's failure, said in full: the request fails with the stage's ``ResponseStage/failureKind``
/// and this message, unchanged (a Lua reformer's `file:line: ...`, a shape's `$.id: missing`).
public struct ResponseStageFailure: Error, Sendable, CustomStringConvertible {
    /// The sentence the error carries.
    public let message: String

    /// Creates a failure saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension JSONShape: ResponseStage {
    /// `.validation`.
    public var failureKind: NetworkError.Kind { .validation }

    /// Checks a JSON document (a ``ResponseStageFailure`` names the first mismatch); an adapter's
    /// document passes untouched (its adapter checks it against the same rules).
    public func run(_ value: ResponseValue, context: ReformContext) throws -> ResponseValue {
        if case .json(let json) = value, let problem = mismatch(in: json) { throw ResponseStageFailure(problem) }
        return value
    }
}
