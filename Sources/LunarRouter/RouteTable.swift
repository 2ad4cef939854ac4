/// The routes of one scheme (or the global routes): their index, the tokens
/// by pattern for removal, and whether unmatched URLs fall back to the global routes.
final class RouteTable {
    /// The lowercased scheme, or `nil` for the global table.
    let scheme: String?
    var fallbackToGlobal = false
    let trie = RouteTrie()
    /// Live tokens keyed by ``RoutePattern/canonicalText``, in registration order.
    private(set) var tokensByPattern: [String: [RouteToken]] = [:]

    init(scheme: String?) {
        self.scheme = scheme
    }

    func register(_ token: RouteToken) {
        for route in token.routes { trie.insert(route) }
        tokensByPattern[token.canonicalPattern, default: []].append(token)
    }

    func unregister(_ token: RouteToken) {
        for route in token.routes {
            route.isRegistered = false
            trie.remove(route)
        }
        tokensByPattern[token.canonicalPattern]?.removeAll { $0 === token }
        if tokensByPattern[token.canonicalPattern]?.isEmpty == true {
            tokensByPattern[token.canonicalPattern] = nil
        }
    }
}
