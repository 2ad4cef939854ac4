import Foundation
import LunarNetwork

/// What `lunar publish` and `lunar updates list|rollout|rollback` say to an update server:
/// every call carries the admin token (`Authorization: Bearer TOKEN`).
///
/// ```swift
/// let admin = UpdateAdminClient(server: URL(string: "http://127.0.0.1:8090/")!, token: token)
/// let release = try await admin.publish(archive: data, channel: "production", rollout: 10, message: "fix login")
/// try await admin.setRollout(channel: "production", release: release.id, percent: 50)
/// ```
public struct UpdateAdminClient: Sendable {
    public let server: URL
    private let token: String
    private let http: UpdateHTTP

    /// - Parameter transport: how requests travel (LunarNetwork's `URLSessionTransport` by default).
    public init(server: URL, token: String, transport: any HTTPTransport = URLSessionTransport(), timeout: Double = 60) {
        self.server = server
        self.token = token
        self.http = UpdateHTTP(transport: transport, timeout: timeout)
    }

    /// Uploads a signed archive as a new release of `channel`; returns it as the server stored it.
    /// - Throws: ``UpdateError`` with the server's reason when it refuses (a wrong token, an
    ///   unsigned archive or one signed by a key it does not take, a malformed archive).
    public func publish(archive: Data, channel: String, rollout: Int = 100, message: String = "") async throws(UpdateError) -> ReleaseInfo {
        let url = try endpoint("v1/channels/\(channel)/releases", query: ["rollout": String(rollout), "message": message])
        let response = try await http.send("POST", url, headers: headers(["Content-Type": "application/octet-stream"]), body: archive)
        return try UpdateHTTP.decode(PublishAnswer.self, from: response, what: "publishing to \(channel)").release
    }

    /// The channel's releases, newest first, with their report counts.
    public func releases(channel: String) async throws(UpdateError) -> [ReleaseSummary] {
        let response = try await http.send("GET", try endpoint("v1/channels/\(channel)/releases"), headers: headers(), limit: 16 << 20)
        return try UpdateHTTP.decode(ReleaseList.self, from: response, what: "listing \(channel)").releases
    }

    /// Sets a release's rollout percentage (0...100); a halted release becomes active again.
    public func setRollout(channel: String, release: String, percent: Int) async throws(UpdateError) -> ReleaseInfo {
        let url = try endpoint("v1/channels/\(channel)/releases/\(release)/rollout", query: ["percent": String(percent)])
        let response = try await http.send("POST", url, headers: headers())
        return try UpdateHTTP.decode(PublishAnswer.self, from: response, what: "setting the rollout of release \(release)").release
    }

    /// Rolls the channel's newest active release back: devices get the release before it.
    public func rollback(channel: String) async throws(UpdateError) -> RollbackAnswer {
        let response = try await http.send("POST", try endpoint("v1/channels/\(channel)/rollback"), headers: headers())
        return try UpdateHTTP.decode(RollbackAnswer.self, from: response, what: "rolling back \(channel)")
    }

    private func headers(_ extra: [String: String] = [:]) -> [String: String] {
        extra.merging(["Authorization": "Bearer \(token)"]) { a, _ in a }
    }

    private func endpoint(_ path: String, query: [String: String] = [:]) throws(UpdateError) -> URL {
        try UpdateEndpoint.url(server, path, query: query)
    }
}

/// URLs below a server's base URL.
enum UpdateEndpoint {
    static func url(_ server: URL, _ path: String, query: [String: String] = [:]) throws(UpdateError) -> URL {
        guard let scheme = server.scheme?.lowercased(), scheme == "http" || scheme == "https", server.host != nil,
              var components = URLComponents(url: server, resolvingAgainstBaseURL: false)
        else {
            throw UpdateError("\(server.absoluteString): an update server URL looks like http://HOST:PORT/")
        }
        var base = components.path
        while base.hasSuffix("/") { base.removeLast() }
        components.path = base + "/" + path
        if !query.isEmpty {
            components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
            // '+' means a space to many servers: send it encoded.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        guard let url = components.url else { throw UpdateError("\(server.absoluteString): cannot make a URL for \(path)") }
        return url
    }
}
