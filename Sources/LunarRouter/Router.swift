/// Routes URLs to handlers, with JLRoutes' semantics and an indexed matcher.
///
/// Register patterns with ``add(_:scheme:priority:handler:)``, then
/// ``open(_:extra:)`` a URL: matching routes are tried in priority order
/// (equal priorities in registration order) until a handler returns `true`.
///
/// ```swift
/// let router = Router()
/// try router.add("/navPush/:screen") { match in
///     navigator.push(match.parameters["screen"]?.stringValue ?? "")
///     return true
/// }
/// router.open("myapp://navPush/profile?id=3")  // screen = "profile", id = "3"
/// ```
///
/// Threading: a `Router` is confined to one executor (the one Lua runs on).
/// It takes no locks, never hops threads, and calls every handler
/// synchronously on the caller's thread. Handlers may re-enter the router
/// (add, remove, open) while a dispatch is in progress.
public final class Router {
    /// Handles a matched URL. Returning `false` declines it, and matching goes on with the next route.
    public typealias Handler = (RouteMatch) -> Bool
    /// Told about a URL that ``open(_:extra:)`` could not route: the URL as
    /// given and its parameters (query items, then `extra`).
    public typealias UnmatchedHandler = (_ url: String, _ parameters: [String: RouteValue]) -> Void

    /// How URLs are read; changes apply to the next `open` or `canOpen`.
    public var options: RouterOptions
    /// Called by ``open(_:extra:)`` when no handler accepted the URL (never by ``canOpen(_:)``).
    public var unmatchedHandler: UnmatchedHandler?

    private let globalTable = RouteTable(scheme: nil)
    private var schemeTables: [String: RouteTable] = [:]
    private var nextSequence = 0

    /// Creates an empty router.
    public init(options: RouterOptions = RouterOptions()) {
        self.options = options
    }

    /// Registers `pattern` for URLs of `scheme` (`nil`: the global routes).
    ///
    /// Optional groups expand into several routes sharing `priority` and
    /// `handler`; the returned token removes them all. Throws a ``RouterError``
    /// for a malformed pattern or scheme name, registering nothing.
    @discardableResult
    public func add(
        _ pattern: String,
        scheme: String? = nil,
        priority: Int = 0,
        handler: @escaping Handler
    ) throws(RouterError) -> RouteToken {
        let parsed = try RoutePattern(pattern)
        let table = try table(forRegistering: scheme)
        var routes: [RouteDefinition] = []
        for variant in parsed.variants {
            routes.append(
                RouteDefinition(
                    pattern: variant.text, segments: variant.segments,
                    priority: priority, sequence: nextSequence, handler: handler))
            nextSequence += 1
        }
        let token = RouteToken(pattern: parsed, scheme: table.scheme, priority: priority, routes: routes, router: self)
        table.register(token)
        return token
    }

    /// Removes the routes `token` registered; `false` if they were already
    /// removed or belong to another router.
    @discardableResult
    public func remove(_ token: RouteToken) -> Bool {
        guard token.router === self, token.routes.first?.isRegistered == true else { return false }
        let table = token.scheme.flatMap { schemeTables[$0] } ?? globalTable
        table.unregister(token)
        return true
    }

    /// Removes every route registered with `pattern` (compared in canonical
    /// form, so `users/:id/` equals `/users/:id`) for `scheme`; `false` if there
    /// was none or the pattern does not parse.
    @discardableResult
    public func removeRoutes(pattern: String, scheme: String? = nil) -> Bool {
        guard let parsed = try? RoutePattern(pattern) else { return false }
        let table: RouteTable?
        if let scheme {
            table = schemeTables[scheme.lowercased()]
        } else {
            table = globalTable
        }
        guard let table, let tokens = table.tokensByPattern[parsed.canonicalText] else { return false }
        for token in tokens { table.unregister(token) }
        return true
    }

    /// Removes every route of every scheme; scheme settings are kept.
    public func removeAllRoutes() {
        for table in [globalTable] + Array(schemeTables.values) {
            for tokens in table.tokensByPattern.values {
                for token in tokens { table.unregister(token) }
            }
        }
    }

    /// Declares `scheme` (case-insensitive) and whether a URL of that scheme
    /// that none of its routes handled is then tried against the global
    /// routes. A scheme is also declared, without fallback, by adding a route for it.
    public func configureScheme(_ scheme: String, fallbackToGlobal: Bool) throws(RouterError) {
        try table(forRegistering: scheme).fallbackToGlobal = fallbackToGlobal
    }

    /// Routes `url`: each matching route's handler is called in turn, with
    /// parameters from the query, the route's variables and `extra` (later
    /// wins), until one returns `true`. Returns whether a handler accepted the
    /// URL; when none did, ``unmatchedHandler`` is called and the result is `false`.
    /// The empty string and text with control characters match nothing.
    @discardableResult
    public func open(_ url: String, extra: [String: RouteValue] = [:]) -> Bool {
        guard let request = RequestURL(parsing: url, hostAsPath: options.hostAsPath) else {
            unmatchedHandler?(url, extra)
            return false
        }
        var dispatch = Dispatch(request: request, extra: extra, decodePlus: options.decodePlus)
        let table = table(for: request)
        if dispatch.run(in: table) { return true }
        if table !== globalTable, table.fallbackToGlobal, dispatch.run(in: globalTable) { return true }
        if let unmatchedHandler {
            unmatchedHandler(url, dispatch.queryParameters().merging(extra) { _, extra in extra })
        }
        return false
    }

    /// Whether some route matches `url`, calling no handler (so a handler that
    /// would return `false` still counts).
    public func canOpen(_ url: String) -> Bool {
        guard let request = RequestURL(parsing: url, hostAsPath: options.hostAsPath) else { return false }
        let table = table(for: request)
        if table.trie.hasMatch(request) { return true }
        return table !== globalTable && table.fallbackToGlobal && globalTable.trie.hasMatch(request)
    }

    /// The route ``open(_:extra:)`` would offer `url` to first, with its parameters (query items
    /// and route variables), calling no handler; nil when no route matches. A dry run: what a
    /// handler would decline is not known here, so this is the first candidate, not the taker.
    public func match(_ url: String) -> RouteMatch? {
        guard let request = RequestURL(parsing: url, hostAsPath: options.hostAsPath) else { return nil }
        var dispatch = Dispatch(request: request, extra: [:], decodePlus: options.decodePlus)
        let table = table(for: request)
        if let found = dispatch.first(in: table) { return found }
        if table !== globalTable, table.fallbackToGlobal { return dispatch.first(in: globalTable) }
        return nil
    }

    /// Every registered route, as registered (the pattern given to ``add(_:scheme:priority:handler:)``,
    /// its scheme and priority), global routes first, each table in registration order.
    public var routes: [RouteToken] {
        let tables = [globalTable] + schemeTables.keys.sorted().compactMap { schemeTables[$0] }
        return tables.flatMap { table in
            table.tokensByPattern.values.flatMap { $0 }.sorted { ($0.routes.first?.sequence ?? 0) < ($1.routes.first?.sequence ?? 0) }
        }
    }

    private func table(forRegistering scheme: String?) throws(RouterError) -> RouteTable {
        guard let scheme else { return globalTable }
        guard RequestURL.isValidScheme(scheme) else { throw .invalidScheme(scheme) }
        let name = scheme.lowercased()
        if let table = schemeTables[name] { return table }
        let table = RouteTable(scheme: name)
        schemeTables[name] = table
        return table
    }

    /// The table for a URL's scheme; schemes with no table use the global routes.
    private func table(for request: RequestURL) -> RouteTable {
        guard !schemeTables.isEmpty, let scheme = request.scheme else { return globalTable }
        return schemeTables[scheme] ?? globalTable
    }
}

extension Router {
    /// The state of one `open` call: the parsed URL and the query parameters,
    /// decoded once and only if some route matched.
    private struct Dispatch {
        let request: RequestURL
        let extra: [String: RouteValue]
        let decodePlus: Bool
        private var decodedQuery: [String: RouteValue]?

        init(request: RequestURL, extra: [String: RouteValue], decodePlus: Bool) {
            self.request = request
            self.extra = extra
            self.decodePlus = decodePlus
        }

        mutating func queryParameters() -> [String: RouteValue] {
            if let decodedQuery { return decodedQuery }
            let decoded = request.queryParameters(decodePlus: decodePlus)
            decodedQuery = decoded
            return decoded
        }

        /// Offers the URL to `table`'s matching routes in order; `true` once one accepts it.
        mutating func run(in table: RouteTable) -> Bool {
            var candidates: [RouteDefinition] = []
            candidates.reserveCapacity(4)
            table.trie.matches(request, into: &candidates)
            if candidates.count > 1 {
                candidates.sort { $0.precedes($1) }
            }
            for route in candidates where route.isRegistered {
                if route.handler(match(for: route, scheme: table.scheme)) { return true }
            }
            return false
        }

        /// The first route of `table` in priority order that matches, as a match; nil when none does.
        mutating func first(in table: RouteTable) -> RouteMatch? {
            var candidates: [RouteDefinition] = []
            table.trie.matches(request, into: &candidates)
            guard let route = candidates.filter(\.isRegistered).min(by: { $0.precedes($1) }) else { return nil }
            return match(for: route, scheme: table.scheme)
        }

        private mutating func match(for route: RouteDefinition, scheme: String?) -> RouteMatch {
            let query = queryParameters()
            var parameters: [String: RouteValue]
            if query.isEmpty {
                parameters = [:]
            } else {
                parameters = query
                parameters.reserveCapacity(query.count + route.segments.count + extra.count)
            }
            var wildcard: [String]?
            let decodePlus = decodePlus
            let components = request.pathComponents
            request.withPathBytes { bytes in
                for (index, segment) in route.segments.enumerated() {
                    switch segment {
                    case .literal:
                        continue
                    case .variable(let name):
                        parameters[name] = .string(Self.variableValue(components[index], of: bytes, decodePlus: decodePlus))
                    case .wildcard:
                        wildcard = components[index...].map {
                            PercentEncoding.decode($0, of: bytes, plusAsSpace: decodePlus)
                        }
                    }
                }
            }
            for (key, value) in extra { parameters[key] = value }
            return RouteMatch(
                parameters: parameters, pattern: route.pattern, url: request.url,
                scheme: scheme, wildcardComponents: wildcard)
        }

        /// Decodes a variable's component; a trailing literal `#` (an empty fragment, as JLRoutes
        /// sees it) is dropped first. An encoded one (`%23`) is part of the value.
        private static func variableValue(
            _ component: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, decodePlus: Bool
        ) -> String {
            var raw = component
            if raw.count > 1, bytes[raw.upperBound - 1] == UInt8(ascii: "#") { raw = raw.lowerBound..<raw.upperBound - 1 }
            return PercentEncoding.decode(raw, of: bytes, plusAsSpace: decodePlus)
        }
    }
}
