import Foundation

/// A request to the mock API, independent of the HTTP server that received it.
public struct MockRequest: Sendable, Hashable {
    /// The method, upper-case (`GET`, `POST`, ...).
    public var method: String
    /// The path below the mock API's root, percent-encoded, starting with `/`
    /// (`/items/3` for `GET /api/items/3`).
    public var path: String
    /// The raw query string (without `?`), if any.
    public var query: String?
    /// Header fields, in order.
    public var headers: [HeaderField]
    /// The request body.
    public var body: [UInt8]

    public init(method: String, path: String, query: String? = nil, headers: [HeaderField] = [], body: [UInt8] = []) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Query items, percent-decoded (`+` read as a space); a repeated name keeps its last value.
    public var queryItems: [String: String] {
        guard let query, !query.isEmpty else { return [:] }
        var items: [String: String] = [:]
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (s: Substring) in s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s) }
            items[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return items
    }
}
