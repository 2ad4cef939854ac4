import Foundation
import LunarJSON

/// One API call, described: where it goes, what it sends, how its answer is checked, cached and
/// reshaped. YTKNetwork's request object, as a value.
///
/// A plain struct; build one, hand it to `NetworkClient.send`. Not `Sendable` (its reformers and
/// accessories are executor-confined objects).
public struct Request {
    /// Where the request goes.
    public enum Target: Sendable, Hashable {
        /// A path resolved against the base URL (`baseURL`, or the CDN or configured one).
        /// A path that is itself an absolute URL is used as it is.
        case path(String)
        /// An absolute URL, used as it is.
        case url(URL)
    }

    /// How the response body is turned into `Response.value`.
    public enum Decoding {
        /// Parse the body as JSON, run `validation` and the reformers; `Response.value` holds the result.
        case json
        /// Deliver the body bytes only (`Response.value` is `nil`); `validation` and reformers are skipped.
        case raw
        /// Parse the body with an adapter's decoder into its own values, then run `validation` and the
        /// reformers (the adapter's stages read them; JSON stages pass them on);
        /// `Response.adaptedValue` holds the result. How a script runtime gets its tables.
        case adapted(any ResponseDecoder)
    }

    /// The HTTP method.
    public var method: HTTPMethod
    /// The path or URL.
    public var target: Target
    /// A base URL for this request only, overriding the configuration's.
    public var baseURL: URL?
    /// Resolve the path against the configuration's CDN URL instead of its base URL.
    public var usesCDN: Bool
    /// Query arguments, appended to the URL in order.
    public var query: Parameters
    /// The body, if any.
    public var body: RequestBody?
    /// Headers for this request; they override the configuration's headers of the same name.
    public var headers: [String: String]
    /// Basic credentials, sent as the `Authorization` header.
    public var credentials: BasicCredentials?
    /// Seconds without an answer before the request fails with `.timeout`; `nil` uses the configuration's.
    public var timeout: Double?
    /// The transport priority.
    public var priority: RequestPriority
    /// The largest body to accept, in bytes; `nil` uses the configuration's. A larger body fails with `.tooLarge`.
    public var maximumBodySize: Int?
    /// Status codes that count as success; any other fails with `.http`.
    public var acceptedStatus: ClosedRange<Int>
    /// The check the decoded body must pass before the reformers run (a `JSONShape`, or an
    /// adapter's stage); a failure is a `.validation` error.
    public var validation: (any ResponseStage)?
    /// Whether the body is decoded as JSON or delivered raw.
    public var decoding: Decoding
    /// The on-disk cache policy; `nil` never caches.
    public var cache: CachePolicy?
    /// A name for the kind of call ("login", "itemList"): selects `NetworkConfiguration.kindReformers`.
    public var kind: String?
    /// Reformers for this request only (`Reformer`s, or an adapter's stages); they run after the
    /// global and kind reformers.
    public var reformers: [any ResponseStage]
    /// Accessories for this request only; they run after the global ones.
    public var accessories: [any RequestAccessory]

    /// Creates a request to `target`; every other property starts at its default
    /// (GET, no body, 200...299 accepted, JSON decoding, no cache).
    public init(_ method: HTTPMethod = .get, _ target: Target) {
        self.method = method
        self.target = target
        self.baseURL = nil
        self.usesCDN = false
        self.query = Parameters()
        self.body = nil
        self.headers = [:]
        self.credentials = nil
        self.timeout = nil
        self.priority = .normal
        self.maximumBodySize = nil
        self.acceptedStatus = 200...299
        self.validation = nil
        self.decoding = .json
        self.cache = nil
        self.kind = nil
        self.reformers = []
        self.accessories = []
    }

    /// Creates a request to `path`, resolved against the base URL.
    public init(_ method: HTTPMethod = .get, path: String) {
        self.init(method, .path(path))
    }

    /// Creates a request to the absolute `url`.
    public init(_ method: HTTPMethod = .get, url: URL) {
        self.init(method, .url(url))
    }
}
