import Foundation

/// Why a request did not produce a result. Every failure is a value of this one type; `kind` is
/// what callers (and the Lua error table's `kind` field) branch on.
public struct NetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad reason. The raw values are the Lua-facing names.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The server did not answer (or stopped sending) within the request's timeout.
        case timeout
        /// No connection could be made: refused, unreachable, no network, unknown host.
        case offline
        /// The server answered with a status outside the accepted range; `status` and `body` are set.
        case http
        /// The body is not valid JSON.
        case decode
        /// The decoded body does not have the request's `JSONShape`.
        case validation
        /// The request was cancelled, directly or because a batch it belonged to failed.
        case cancelled
        /// A reformer threw.
        case reform
        /// The connection failed after it was made: reset, truncated body, bytes that are not HTTP.
        case transport
        /// The body is larger than the configured cap.
        case tooLarge
        /// The request cannot be sent as described (for example a path with no base URL, or a header
        /// name or value that could smuggle another header).
        case invalidRequest
        /// The request was refused before a connection was opened: its URL, or a redirect's, leads to
        /// a host the configuration's `HostPolicy` does not allow, or is not `http`/`https`.
        case policy
    }

    /// The broad reason.
    public let kind: Kind
    /// A sentence for logs and for the Lua error table's `message`.
    public let message: String
    /// The HTTP status, when a response was received.
    public let status: Int?
    /// The response body, for `.http`, `.decode` and `.validation` errors.
    public let body: Data?
    /// The URL the request went to, when it got that far.
    public let url: URL?
    /// For a batch or chain that failed: the zero-based position of the member that failed (a
    /// nested batch or chain sets it first and the outer one then replaces it with its own).
    public internal(set) var index: Int?

    /// Creates an error. Adapters use this to report failures of stages they run themselves
    /// (a Lua reformer's error is `.reform` with `file:line` in `message`).
    public init(kind: Kind, message: String, status: Int? = nil, body: Data? = nil, url: URL? = nil) {
        self.kind = kind
        self.message = message
        self.status = status
        self.body = body
        self.url = url
        self.index = nil
    }

    /// This error as the failure of member `index` of a batch or chain.
    func at(_ index: Int) -> NetworkError {
        var located = self
        located.index = index
        return located
    }

    /// `"<kind>: <message>"`.
    public var description: String { "\(kind.rawValue): \(message)" }

    /// A cancellation error for `url`.
    static func cancelled(_ url: URL?) -> NetworkError {
        NetworkError(kind: .cancelled, message: "the request was cancelled", url: url)
    }
}
