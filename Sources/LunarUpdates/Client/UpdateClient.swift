import Foundation
import LunarNetwork

/// What a device says to an update server: check, download, report. No token: these are
/// the server's public endpoints.
public struct UpdateClient: Sendable {
    public let server: URL
    private let http: UpdateHTTP

    /// - Parameters:
    ///   - transport: how requests travel (LunarNetwork's `URLSessionTransport` by default).
    ///   - timeout: seconds before one request without an answer fails.
    public init(server: URL, transport: any HTTPTransport = URLSessionTransport(), timeout: Double = 10) {
        self.server = server
        self.http = UpdateHTTP(transport: transport, timeout: timeout)
    }

    /// The newest release of `channel` this device may have, or nil when it should run its
    /// built-in bundle.
    public func check(channel: String, device: String, bridgeAPI: String) async throws(UpdateError) -> ReleaseInfo? {
        try await checkAnswer(channel: channel, device: device, bridgeAPI: bridgeAPI).release
    }

    /// The whole check answer: the release and the receipt to send with reports about it.
    public func checkAnswer(channel: String, device: String, bridgeAPI: String) async throws(UpdateError) -> CheckAnswer {
        let url = try UpdateEndpoint.url(server, "v1/channels/\(channel)/check", query: ["device": device, "bridgeAPI": bridgeAPI])
        let response = try await http.send("GET", url)
        return try UpdateHTTP.decode(CheckAnswer.self, from: response, what: "checking \(channel)")
    }

    /// Sends a batch of reports; returns once the server took it.
    public func report(_ batch: ReportBatch) async throws(UpdateError) {
        let body: Data
        do { body = try JSONEncoder().encode(batch) } catch { throw UpdateError("cannot encode the reports: \(error)") }
        let url = try UpdateEndpoint.url(server, "v1/reports")
        let response = try await http.send("POST", url, headers: ["Content-Type": "application/json"], body: body)
        guard (200..<300).contains(response.status) else { throw UpdateHTTP.failure(response, what: "reporting") }
    }

    /// The patch that turns the archive `base` (a SHA-256) into `release`'s archive
    /// (`GET /patches/BASE-NEW.zstpatch`), at most `limit` bytes.
    func patch(from base: String, to release: ReleaseInfo, limit: Int) async throws(UpdateError) -> Data {
        let url = try UpdateEndpoint.url(server, "patches/\(base)-\(release.sha256).zstpatch")
        let response = try await http.send("GET", url, limit: limit)
        guard response.status == 200 else { throw UpdateHTTP.failure(response, what: "the patch") }
        return response.body
    }

    /// The bytes of one range of a release's archive (`Range: bytes=from-to`). A server that
    /// ignores ranges answers the whole archive (status 200), which is returned as it is.
    func archiveBytes(_ release: ReleaseInfo, from start: Int, to end: Int,
                      progress: (@Sendable (DownloadProgress) -> Void)?) async throws(UpdateError) -> (status: Int, body: Data) {
        guard let url = URL(string: release.url, relativeTo: server)?.absoluteURL else {
            throw UpdateError("release \(release.id): its archive URL '\(release.url)' is not a URL")
        }
        let response = try await http.send(
            "GET", url, headers: ["Range": "bytes=\(start)-\(end)"], limit: max(end - start + 1, release.size) + 1, progress: progress)
        guard response.status == 206 || response.status == 200 else {
            throw UpdateHTTP.failure(response, what: "downloading release \(release.id)")
        }
        return (response.status, response.body)
    }
}
