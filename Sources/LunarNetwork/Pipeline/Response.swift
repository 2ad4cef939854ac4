import Foundation
import LunarJSON

/// What a finished request produced: the raw HTTP answer and, unless the request asked for the raw
/// body only, the decoded and reformed JSON.
///
/// A value type and `Sendable`; the body bytes are never copied into Foundation objects, so an adapter
/// can parse them straight into its own values.
public struct Response: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// The response headers, names lowercased.
    public let headers: [String: String]
    /// The body bytes as received (or as stored in the cache).
    public let body: Data
    /// The URL that answered, after redirects.
    public let url: URL
    /// Whether this answer came from the on-disk cache rather than the network.
    public let isFromCache: Bool
    /// The decoded body after validation and every reformer; `nil` when the request's decoding is
    /// `.raw` or `.adapted`.
    public var value: JSONValue?
    /// The same for `.adapted` decoding: the adapter's value after its stages (a script's tables).
    public var adaptedValue: (any Sendable)?

    /// Creates a response; the client and tests use this.
    public init(status: Int, headers: [String: String], body: Data, url: URL, isFromCache: Bool = false, value: JSONValue? = nil) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
        self.url = url
        self.isFromCache = isFromCache
        self.value = value
    }

    /// The value of header `name`, matched without regard to case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
