import LunarJSON

/// How a request uses the on-disk response cache.
///
/// A successful (accepted and validated) response is stored when `lifetime` is positive. A later
/// request with the same key is answered from the cache, without touching the network, while the
/// entry is younger than `lifetime` and was stored under the same `version`.
public struct CachePolicy: Sendable, Hashable {
    /// How long a stored response stays fresh, in seconds; zero or less disables the cache.
    public var lifetime: Double
    /// Entries stored under another version are ignored; bump it when the response format changes.
    public var version: Int
    /// Extra data that distinguishes cache entries beyond the URL, method and body (for example the
    /// signed-in user), so two users never share an entry.
    public var sensitiveData: JSONValue?
    /// When `true`, skip reading the cache (always hit the network) but still store the fresh response.
    public var ignoresCachedResponse: Bool

    /// Creates a policy.
    public init(lifetime: Double, version: Int = 0, sensitiveData: JSONValue? = nil, ignoresCachedResponse: Bool = false) {
        self.lifetime = lifetime
        self.version = version
        self.sensitiveData = sensitiveData
        self.ignoresCachedResponse = ignoresCachedResponse
    }
}
