/// What a route handler receives when its pattern matched a URL.
///
/// Built fresh for each handler call; it owns copies of everything it holds.
public struct RouteMatch {
    /// Query items, then route variables, then the `extra` values given to
    /// ``Router/open(_:extra:)``; a later source wins on a shared key.
    public let parameters: [String: RouteValue]
    /// The pattern that matched, in its expanded form (optional parts resolved), e.g. `/search/:query`.
    public let pattern: String
    /// The URL exactly as it was passed to ``Router/open(_:extra:)``.
    public let url: String
    /// The scheme the matching route was registered for (lowercased), or `nil` for a global route.
    public let scheme: String?
    /// The components matched by a trailing `*`, percent-decoded; `nil` when the pattern has no `*`.
    public let wildcardComponents: [String]?

    /// Creates a match; the router builds these, tests and adapters may too.
    public init(
        parameters: [String: RouteValue],
        pattern: String,
        url: String,
        scheme: String?,
        wildcardComponents: [String]?
    ) {
        self.parameters = parameters
        self.pattern = pattern
        self.url = url
        self.scheme = scheme
        self.wildcardComponents = wildcardComponents
    }
}
