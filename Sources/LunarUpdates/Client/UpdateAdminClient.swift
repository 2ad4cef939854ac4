import Crypto
import Foundation
import LunarNetwork
import LunarArchive

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
    ///
    /// With `signingKey` (the key that signed the archive) it also sends a ``ReleaseStatement``
    /// for `channel` with the next sequence: devices take no release without one.
    public func publish(archive: Data, channel: String, rollout: Int = 100, message: String = "",
                        signingKey: BundleSigningKey? = nil) async throws(UpdateError) -> ReleaseInfo {
        let url = try endpoint("v1/channels/\(channel)/releases", query: ["rollout": String(rollout), "message": message])
        var extra = ["Content-Type": "application/octet-stream"]
        if let signingKey {
            let sha256 = SHA256.hash(data: archive).hex
            let statement = ReleaseStatement(channel: channel, sha256: sha256, sequence: try await nextSequence(channel))
            let signed = try statement.signed(with: signingKey)
            do { extra["Lunar-Release-Statement"] = try JSONEncoder().encode(signed).base64EncodedString() } catch {
                throw UpdateError("cannot encode the release statement: \(error)")
            }
        }
        let response = try await http.send("POST", url, headers: headers(extra), body: archive)
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
    ///
    /// With `signingKey` it sends a signed rollback statement for the release it goes back to,
    /// so devices that run the newest release go back too; without, only devices that do not
    /// have the newest yet are kept from it (devices refuse an unsigned downgrade).
    public func rollback(channel: String, signingKey: BundleSigningKey? = nil) async throws(UpdateError) -> RollbackAnswer {
        var body: Data?
        if let signingKey {
            let listed = try await releases(channel: channel)
            let active = listed.filter { $0.release.state == "active" }
            if active.count >= 2 {
                let statement = ReleaseStatement(channel: channel, sha256: active[1].release.sha256,
                                                 sequence: ReleaseStatement.nextSequence(after: Self.newestSequence(listed)), rollback: true)
                do { body = try JSONEncoder().encode(try statement.signed(with: signingKey)) } catch {
                    throw UpdateError("cannot encode the rollback statement: \(error)")
                }
            }
        }
        let response = try await http.send("POST", try endpoint("v1/channels/\(channel)/rollback"),
                                           headers: headers(body == nil ? [:] : ["Content-Type": "application/json"]), body: body)
        return try UpdateHTTP.decode(RollbackAnswer.self, from: response, what: "rolling back \(channel)")
    }

    /// The sequence a new statement of `channel` takes: above every statement it has.
    private func nextSequence(_ channel: String) async throws(UpdateError) -> Int {
        ReleaseStatement.nextSequence(after: Self.newestSequence(try await releases(channel: channel)))
    }

    static func newestSequence(_ releases: [ReleaseSummary]) -> Int? {
        releases.compactMap { try? $0.release.statement?.unverified().sequence }.max()
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
