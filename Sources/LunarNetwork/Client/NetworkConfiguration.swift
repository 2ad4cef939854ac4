import Foundation

/// Settings shared by every request of a `NetworkClient` (YTKNetworkConfig). Mutable at any time
/// through `NetworkClient.configuration`; a change applies to requests started afterwards.
public struct NetworkConfiguration {
    /// The URL that request paths are resolved against.
    public var baseURL: URL?
    /// The alternate base for requests with `usesCDN`; falls back to `baseURL` when `nil`.
    public var cdnURL: URL?
    /// Headers sent with every request; a request's own header of the same name wins.
    public var headers: [String: String]
    /// Seconds without an answer before a request fails with `.timeout`.
    public var timeout: Double
    /// The largest response body accepted, in bytes.
    public var maximumBodySize: Int
    /// Rewrite every request URL, in order.
    public var urlFilters: [any URLFilter]
    /// Reformers applied to every response, before kind and request reformers.
    public var reformers: [any ResponseStage]
    /// Reformers applied to responses of requests with a given `Request.kind`, after the global ones.
    public var kindReformers: [String: [any ResponseStage]]
    /// Accessories told about every request, before the request's own.
    public var accessories: [any RequestAccessory]
    /// Where cached responses are kept.
    public var cacheDirectory: URL
    /// The hosts requests (and redirects) may reach; `nil` allows any. A runtime sets it from the
    /// bundle's manifest (`api.baseURL`, `api.allowedHosts`).
    public var hostPolicy: HostPolicy?

    /// Creates a configuration: no base URL, no default headers, a 60-second timeout,
    /// a 16 MiB body cap, a cache under the user's caches folder (`.../Lunar/Network`), and no host policy.
    public init(baseURL: URL? = nil) {
        self.baseURL = baseURL
        self.cdnURL = nil
        self.headers = [:]
        self.timeout = 60
        self.maximumBodySize = 16 << 20
        self.urlFilters = []
        self.reformers = []
        self.kindReformers = [:]
        self.accessories = []
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        self.cacheDirectory = caches.appendingPathComponent("Lunar/Network", isDirectory: true)
        self.hostPolicy = nil
    }
}
