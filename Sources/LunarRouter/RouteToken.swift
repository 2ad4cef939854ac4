/// The handle ``Router/add(_:scheme:priority:handler:)`` returns for one
/// registered pattern (all of its optional expansions together).
///
/// Not `Sendable`: use it on the router's executor. It holds the router
/// weakly, so a handler may capture its own token without a retain cycle.
public final class RouteToken {
    /// The pattern as it was passed to `add`.
    public let pattern: String
    /// The lowercased scheme the route answers, or `nil` for a global route.
    public let scheme: String?
    /// The route's priority; higher is tried first.
    public let priority: Int

    let canonicalPattern: String
    let routes: [RouteDefinition]
    weak var router: Router?

    init(pattern: RoutePattern, scheme: String?, priority: Int, routes: [RouteDefinition], router: Router) {
        self.pattern = pattern.text
        self.canonicalPattern = pattern.canonicalText
        self.scheme = scheme
        self.priority = priority
        self.routes = routes
        self.router = router
    }

    /// Whether the route is still registered (not removed, router still alive).
    public var isRegistered: Bool {
        router != nil && routes.first?.isRegistered == true
    }

    /// `remove()` as a function that does not keep the token alive: once the route
    /// is removed and nothing else holds the token, it returns `false`. For handles
    /// a route's own handler may hold (a strong capture would be a cycle).
    public var remover: () -> Bool {
        { [weak self] in self?.remove() ?? false }
    }

    /// Removes the route from its router; returns `true` if this call removed
    /// it, `false` if it was already gone. A dispatch in progress skips it from then on.
    @discardableResult
    public func remove() -> Bool {
        router?.remove(self) ?? false
    }
}
