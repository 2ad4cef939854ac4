import Foundation
import HTTPTypes
import LunarBase

/// Who may use a web server: the checks made on every page request and WebSocket upgrade.
///
/// - On loopback (the default) the `Host` header must name loopback (`127.0.0.1`,
///   `localhost`, `[::1]`), so a page of another site that rebinds its name to 127.0.0.1
///   cannot reach the app. `Host` is read strictly (``hostName(of:)``): a bracketed IPv6
///   literal or a name, an optional `:port`, nothing else.
/// - With a token (a server exposed with `--host`), a request must carry it: `?token=` in the
///   URL (the page then remembers it in a same-site cookie) or that cookie.
/// - A WebSocket upgrade must come from the page this server served: its `Origin` is
///   `http://` followed by the request's own `Host`.
struct WebAccess: Sendable {
    /// Whether the server listens on loopback only.
    var loopback: Bool
    /// The session token, when the server is exposed.
    var token: String?

    static let cookieName = "lunar-token"

    /// Why a request for the page is refused, or nil.
    func refusal(host: String?, query: String?, cookie: String?) -> String? {
        if loopback {
            guard let host, Self.isLoopbackAuthority(host) else {
                return "this server answers only requests addressed to 127.0.0.1 or localhost"
            }
        } else if let host, Self.hostName(of: host) == nil {
            return "the request's Host is not a host name or address with an optional port"
        }
        if let token {
            let given = Self.queryValue("token", in: query) ?? Self.cookieValue(Self.cookieName, in: cookie)
            guard let given, equalInConstantTime(given, token) else {
                return "this server needs the session token: open the address it printed, with ?token=…"
            }
        }
        return nil
    }

    /// Why a WebSocket upgrade is refused, or nil: the page checks and a matching `Origin`.
    func socketRefusal(host: String?, origin: String?, query: String?, cookie: String?) -> String? {
        if let refused = refusal(host: host, query: query, cookie: cookie) { return refused }
        guard let host, let origin, origin == "http://" + host else {
            return "the WebSocket's Origin (\(origin ?? "none")) is not this server's page"
        }
        return nil
    }

    /// `127.0.0.1:8080`, `localhost:8080`, `[::1]:8080` (each with or without the port).
    static func isLoopbackAuthority(_ authority: String) -> Bool {
        guard let name = hostName(of: authority) else { return false }
        return ["127.0.0.1", "localhost", "::1"].contains(name.lowercased())
    }

    /// The host of a `Host` header read strictly: a bracketed IPv6 literal or a name, then an
    /// optional `:port` of digits, and nothing else (`[::1]evil.example` and
    /// `127.0.0.1:80@evil.example` are no hosts); nil when it is not that.
    static func hostName(of authority: String) -> Substring? {
        let text = Substring(authority)
        let name: Substring
        let rest: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            name = text[text.index(after: text.startIndex)..<close]
            rest = text[text.index(after: close)...]
            guard !name.isEmpty, name.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            let end = text.firstIndex(of: ":") ?? text.endIndex
            name = text[..<end]
            rest = text[end...]
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else {
                return nil
            }
        }
        if !rest.isEmpty {
            let port = rest.dropFirst()
            guard rest.first == ":", !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        return name
    }

    static func queryValue(_ key: String, in query: String?) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.first == Substring(key) {
                return parts.count > 1 ? String(parts[1]).removingPercentEncoding ?? String(parts[1]) : ""
            }
        }
        return nil
    }

    static func cookieValue(_ name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for part in header.split(separator: ";") {
            let trimmed = part.drop { $0 == " " }
            if trimmed.hasPrefix(name + "=") { return String(trimmed.dropFirst(name.count + 1)) }
        }
        return nil
    }
}
