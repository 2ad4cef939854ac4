import Foundation

/// Rewrites the URL of every request just before it is sent: adds common arguments (a client
/// version, a signature), switches hosts, and so on. Filters in `NetworkConfiguration.urlFilters`
/// run in order, each receiving the previous one's URL. They run on the client's executor.
///
/// The cache key is computed before filters run, so a filter that adds a timestamp does not defeat caching.
public protocol URLFilter {
    /// Returns the URL to use instead of `url` for `request`.
    func filter(_ url: URL, for request: Request) -> URL
}

/// Adds query arguments to every request URL, leaving an argument the URL already has untouched.
public struct CommonArgumentsFilter: URLFilter {
    /// The arguments to add.
    public var arguments: Parameters

    /// Creates a filter adding `arguments`.
    public init(_ arguments: Parameters) {
        self.arguments = arguments
    }

    /// Returns `url` with each argument it lacks appended.
    public func filter(_ url: URL, for request: Request) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let present = Set((components.queryItems ?? []).map(\.name))
        var added = Parameters()
        for item in arguments where !present.contains(item.name) {
            added.append(item.name, item.value)
        }
        guard !added.isEmpty else { return url }
        let existing = components.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
        components.percentEncodedQuery = (existing + [added.percentEncoded]).joined(separator: "&")
        return components.url ?? url
    }
}

/// A URL filter made from a closure.
public struct ClosureURLFilter: URLFilter {
    private let body: (URL, Request) -> URL

    /// Wraps `body`, which receives the URL so far and the request.
    public init(_ body: @escaping (URL, Request) -> URL) {
        self.body = body
    }

    /// Calls the closure.
    public func filter(_ url: URL, for request: Request) -> URL {
        body(url, request)
    }
}

extension Parameters {
    /// `name=value&...` with both sides percent-encoded for a query or form body (a space is `%20`, `+` is `%2B`).
    var percentEncoded: String {
        items.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
