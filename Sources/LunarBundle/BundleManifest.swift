import Foundation
import LunarNetwork

/// `manifest.json` at the root of a script bundle.
///
/// ```json
/// { "name": "showcase", "version": "1.0.0", "entry": "/login",
///   "routes": { "/login": "screens.login", "/items/:id": "screens.item" },
///   "api": { "baseURL": "https://api.example.com", "allowedHosts": ["api.example.com"] },
///   "bridgeAPI": "<hash, optional>" }
/// ```
public struct BundleManifest: Codable, Sendable, Hashable {
    public struct API: Codable, Sendable, Hashable {
        public var baseURL: String?
        public var allowedHosts: [String]?
        public init(baseURL: String? = nil, allowedHosts: [String]? = nil) {
            self.baseURL = baseURL
            self.allowedHosts = allowedHosts
        }

        /// `allowedHosts` read as host patterns; the first entry that is not a host name is refused.
        func hostPatterns(source: String) throws(BundleError) -> [HostPolicy.Pattern] {
            var patterns: [HostPolicy.Pattern] = []
            for entry in allowedHosts ?? [] {
                do { patterns.append(try HostPolicy.Pattern(entry)) } catch {
                    throw BundleError("\(source): api.allowedHosts entry \(error.description)")
                }
            }
            return patterns
        }
    }

    public var name: String
    public var version: String
    /// The route opened first.
    public var entry: String
    /// Route pattern → screen module name.
    public var routes: [String: String]
    public var api: API?
    /// The bridge API version the bundle was written against (see `lunar types`).
    public var bridgeAPI: String?

    public init(name: String, version: String, entry: String, routes: [String: String], api: API? = nil, bridgeAPI: String? = nil) {
        self.name = name
        self.version = version
        self.entry = entry
        self.routes = routes
        self.api = api
        self.bridgeAPI = bridgeAPI
    }

    /// The largest manifest accepted: room for tens of thousands of routes, and a bound on what
    /// reading one costs.
    public static let maxBytes = 1 << 20

    /// Reads `manifest.json` at the root of a bundle directory and parses it: the one place a
    /// manifest file is read.
    public static func load(root: URL) throws(BundleError) -> BundleManifest {
        let url = root.appendingPathComponent("manifest.json")
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw BundleError("manifest.json: missing (a bundle needs one at its root)")
        }
        defer { try? handle.close() }
        // Read one byte past the cap, so an oversized file is refused without reading it whole.
        let data = (try? handle.read(upToCount: maxBytes + 1)) ?? Data()
        return try parse(data)
    }

    /// Parses and validates manifest JSON, with messages that name the problem.
    public static func parse(_ data: Data, source: String = "manifest.json") throws(BundleError) -> BundleManifest {
        guard data.count <= maxBytes else {
            throw BundleError("\(source): larger than \(maxBytes / 1024) KiB (a manifest holds routes and settings, not data)")
        }
        let manifest: BundleManifest
        do {
            manifest = try JSONDecoder().decode(BundleManifest.self, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw BundleError("\(source): missing field '\(key.stringValue)'")
        } catch let DecodingError.valueNotFound(_, context) {
            throw BundleError("\(source): field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' is null")
        } catch let DecodingError.typeMismatch(_, context) {
            throw BundleError("\(source): field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type")
        } catch let DecodingError.dataCorrupted(context) {
            let detail = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"] as? String
            throw BundleError("\(source): not valid JSON\(detail.map { " (\($0))" } ?? "")")
        } catch {
            throw BundleError("\(source): \(error)")
        }
        try manifest.validate(source: source)
        return manifest
    }

    func validate(source: String) throws(BundleError) {
        if name.trimmingCharacters(in: .whitespaces).isEmpty { throw BundleError("\(source): 'name' is empty") }
        if routes.isEmpty { throw BundleError("\(source): 'routes' is empty: a bundle needs at least one screen") }
        for (pattern, module) in routes.sorted(by: { $0.key < $1.key }) {
            guard pattern.hasPrefix("/") || pattern.contains("://") else {
                throw BundleError("\(source): route '\(pattern)' must start with '/'")
            }
            guard Self.isModuleName(module) else {
                throw BundleError("\(source): route '\(pattern)' names '\(module)', which is not a module name (use dots: screens.login)")
            }
        }
        guard entry.hasPrefix("/") else { throw BundleError("\(source): 'entry' must be a route path such as /login") }
        if let base = api?.baseURL {
            guard let url = URL(string: base), url.scheme != nil else {
                throw BundleError("\(source): api.baseURL '\(base)' is not an absolute URL")
            }
            guard HostPolicy.Origin(url) != nil else {
                throw BundleError("\(source): api.baseURL '\(base)' is refused: it must be an http:// or https:// URL with a host")
            }
        }
        _ = try api?.hostPatterns(source: source)
    }

    /// The host policy of a runtime for this bundle: `api.allowedHosts` on any port, plus the host
    /// and port of `api.baseURL` and of `apiBaseURL` (the base the host chose, such as the mock
    /// API's loopback address). Without `api.allowedHosts`, only those base URLs are allowed.
    public func hostPolicy(apiBaseURL: URL?, source: String = "manifest.json") throws(BundleError) -> HostPolicy {
        let bases = [api?.baseURL.flatMap(URL.init(string:)), apiBaseURL].compactMap { $0 }
        return HostPolicy(hosts: try api?.hostPatterns(source: source) ?? [], origins: bases)
    }

    /// Refuses a manifest that names a `bridgeAPI` other than `expected` (the
    /// host's: ``BridgeAPI/version``, or ``BridgeAPI/version(hostModules:hostClasses:)``
    /// for a host with its own modules). A manifest without one passes.
    public func requireBridgeAPI(_ expected: String, source: String = "manifest.json") throws(BundleError) {
        if let wanted = bridgeAPI, wanted != expected {
            throw BundleError("\(source): bridgeAPI '\(wanted)' does not match this runtime's bridge API '\(expected)' (the modules changed since the bundle was written; see `lunar types`)")
        }
    }

    package static func isModuleName(_ s: String) -> Bool {
        !s.isEmpty && s.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        }
    }
}

/// A bundle that cannot be used, with a message saying why.
public struct BundleError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
