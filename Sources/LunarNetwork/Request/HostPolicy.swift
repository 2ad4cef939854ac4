import Foundation

/// Which hosts requests may reach (a bundle's `api.allowedHosts`). Checked for every request after
/// URL filters ran, and for every redirect, before a connection is opened; a refusal is a
/// `.policy` error.
///
/// A URL is allowed when its scheme is `http` or `https` and either
/// - its host matches one of ``hosts`` (any port), or
/// - its host and port are those of one of ``origins`` (the base URLs: exactly that port;
///   a URL without a port has its scheme's, 80 or 443).
///
/// Hosts compare case-insensitively, ignoring one trailing dot. A host with percent escapes
/// matches nothing.
public struct HostPolicy: Sendable, Hashable, CustomStringConvertible {
    /// A host name a policy allows: `api.example.com` exactly, or `*.example.com` for every name
    /// below `example.com` (not `example.com` itself).
    public struct Pattern: Sendable, Hashable, CustomStringConvertible {
        /// The host, lowercased, without a trailing dot; for a wildcard, the domain after `*.`.
        public let host: String
        /// Whether this is `*.` + `host`.
        public let isWildcard: Bool

        /// Reads a pattern; throws a message saying why `text` is not a host name.
        ///
        /// Accepted: a DNS name of letters, digits and hyphens (labels of 1 to 63 characters, not
        /// starting or ending with a hyphen; 253 characters at most), an IPv4 address, an IPv6
        /// address in brackets (`[::1]`), or `*.` followed by a DNS name of two labels or more.
        /// Refused: anything with a scheme, a port, a path, a user, spaces, `*` elsewhere, non-ASCII
        /// (write the IDNA form, `xn--...`).
        public init(_ text: String) throws(HostPolicyError) {
            func refuse(_ why: String) -> HostPolicyError {
                HostPolicyError(entry: text, problem: why)
            }
            var name = text.lowercased()
            if name.hasSuffix(".") && name.count > 1 { name.removeLast() }
            if name.contains("://") { throw refuse("write the host alone, without a scheme (api.example.com)") }
            if name.hasPrefix("[") {
                let inside = name.dropFirst().dropLast()
                guard name.hasSuffix("]"), inside.contains(":"),
                      inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                    throw refuse("an IPv6 address is written in brackets: [::1]")
                }
                host = String(inside)
                isWildcard = false
                return
            }
            if name.contains(":") { throw refuse("a port is not part of a host name (every port of an allowed host is allowed)") }
            if name.contains("/") { throw refuse("a path is not part of a host name") }
            isWildcard = name.hasPrefix("*.")
            if isWildcard { name.removeFirst(2) }
            if name.contains("*") { throw refuse("'*' is only allowed as the whole first label: *.example.com") }
            guard !name.isEmpty, name.utf8.count <= 253 else { throw refuse("a host name has 1 to 253 characters") }
            let labels = name.split(separator: ".", omittingEmptySubsequences: false)
            for label in labels {
                guard !label.isEmpty, label.utf8.count <= 63 else {
                    throw refuse("each dot-separated part has 1 to 63 characters")
                }
                guard label.utf8.allSatisfy({ Self.isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }),
                      label.first != "-", label.last != "-" else {
                    throw refuse("a host name has letters, digits, hyphens and dots only (non-ASCII names in their xn-- form)")
                }
            }
            if isWildcard, labels.count < 2 {
                throw refuse("a wildcard needs a domain of two parts or more (*.example.com, not *.com)")
            }
            host = name
        }

        /// Whether `host` (lowercased, no trailing dot) is this one, or below it for a wildcard.
        func matches(_ host: String) -> Bool {
            isWildcard ? host.hasSuffix("." + self.host) : host == self.host
        }

        /// As written in a manifest: `api.example.com`, `*.example.com`, `[::1]`.
        public var description: String {
            isWildcard ? "*." + host : host.contains(":") ? "[\(host)]" : host
        }

        private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    /// A host and port allowed exactly: a base URL's.
    public struct Origin: Sendable, Hashable, CustomStringConvertible {
        /// The host, lowercased, without brackets or a trailing dot.
        public let host: String
        /// The port, explicit or the scheme's.
        public let port: Int

        /// The origin of an `http` or `https` URL with a host; nil for any other URL.
        public init?(_ url: URL) {
            guard let host = HostPolicy.host(of: url), let port = HostPolicy.port(of: url) else { return nil }
            self.host = host
            self.port = port
        }

        /// `host:port` (`[::1]:8080` for IPv6).
        public var description: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }
    }

    /// Host names allowed on any port.
    public var hosts: [Pattern]
    /// Hosts allowed on one port each.
    public var origins: [Origin]

    /// A policy allowing `hosts` on any port and the host and port of each of `origins` (base
    /// URLs). URLs in `origins` that are not `http`/`https` with a host add nothing.
    public init(hosts: [Pattern], origins: [URL] = []) {
        self.hosts = hosts
        self.origins = origins.compactMap(Origin.init)
    }

    /// Throws a `.policy` error unless `url` is allowed.
    public func check(_ url: URL) throws(NetworkError) {
        guard let port = Self.port(of: url) else {
            throw NetworkError(kind: .policy, message: "\(Self.shown(url)) is refused: only http and https URLs are allowed", url: url)
        }
        guard let host = Self.host(of: url) else {
            throw NetworkError(kind: .policy, message: "\(Self.shown(url)) is refused: its host is not a plain host name", url: url)
        }
        if hosts.contains(where: { $0.matches(host) }) { return }
        if origins.contains(where: { $0.host == host && $0.port == port }) { return }
        let origin = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
        throw NetworkError(
            kind: .policy, message: "the request to \(origin) is refused: that host is not allowed (allowed: \(description))", url: url)
    }

    /// Whether `url` is allowed.
    public func allows(_ url: URL) -> Bool {
        do { try check(url) } catch { return false }
        return true
    }

    /// The allowed hosts and origins, comma-separated (`none` when empty).
    public var description: String {
        let all = hosts.map(\.description) + origins.map(\.description)
        return all.isEmpty ? "none" : all.joined(separator: ", ")
    }

    /// The URL's host as compared: lowercased, no brackets, no trailing dot; nil when it has none
    /// or has percent escapes.
    static func host(of url: URL) -> String? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              var host = components.percentEncodedHost?.lowercased(), !host.isEmpty, !host.contains("%") else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix("."), host.count > 1 { host.removeLast() }
        return host
    }

    /// The URL's port (explicit, or 80 for `http` and 443 for `https`); nil for other schemes.
    static func port(of url: URL) -> Int? {
        switch url.scheme?.lowercased() {
        case "http": url.port ?? 80
        case "https": url.port ?? 443
        default: nil
        }
    }

    /// The URL without its query and fragment, for messages (queries may carry secrets).
    private static func shown(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "the URL" }
        components.query = nil
        components.fragment = nil
        return components.string.map { "'\($0)'" } ?? "the URL"
    }
}

/// An `allowedHosts` entry that is not a host name.
public struct HostPolicyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The entry as written.
    public let entry: String
    /// Why it is refused.
    public let problem: String

    /// `'<entry>' is not a host name: <problem>`.
    public var description: String { "'\(entry)' is not a host name: \(problem)" }
}
