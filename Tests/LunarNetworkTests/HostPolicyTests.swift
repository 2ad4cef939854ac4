import Foundation
import LunarJSON
import LunarNetwork
import LunarSignals
import LunarTestSupport
import Testing

/// `NetworkConfiguration.hostPolicy`: what it allows, and that a refused request (or redirect)
/// never opens a connection, whichever way it is sent.
@MainActor
@Suite struct HostPolicyTests {
    /// A client whose base URL is `api` and whose policy allows that origin and `hosts`.
    private func client(api: LoopbackServer, hosts: [String] = []) throws -> NetworkClient {
        let client = makeClient(api)
        client.configuration.hostPolicy = HostPolicy(hosts: try hosts.map { try HostPolicy.Pattern($0) }, origins: [api.baseURL])
        return client
    }

    /// A listener that must never be reached.
    private func listener() throws -> LoopbackServer {
        try LoopbackServer { _ in .json(#"{"stolen":true}"#) }
    }

    private func failure(_ client: NetworkClient, _ request: Request) async -> NetworkError? {
        if case .failure(let error) = await sendWithCallback(client, request) { return error }
        return nil
    }

    @Test func patternsAreHostNames() throws {
        for good in ["api.example.com", "API.Example.COM", "api.example.com.", "localhost", "127.0.0.1", "[::1]",
                     "*.example.com", "xn--bcher-kva.example", "a-b.c"] {
            #expect(throws: Never.self, "\(good)") { try HostPolicy.Pattern(good) }
        }
        let bad: [(String, String)] = [
            ("https://api.example.com", "without a scheme"), ("api.example.com:443", "port"),
            ("api.example.com/v1", "path"), ("", "1 to 253"), ("*", "whole first label"), ("*.com", "two parts"),
            ("api.*.com", "only allowed as the whole first label"), ("*example.com", "whole first label"),
            ("api example.com", "letters, digits"), ("bücher.example", "xn--"), ("-api.example.com", "hyphens"),
            ("a..b", "1 to 63"), ("user@host", "letters, digits"), ("[::1", "brackets"), ("[nothex]", "brackets"),
        ]
        for (entry, says) in bad {
            #expect(throws: HostPolicyError.self, "\(entry)") { try HostPolicy.Pattern(entry) }
            do { _ = try HostPolicy.Pattern(entry) } catch {
                #expect(error.description.hasPrefix("'\(entry)' is not a host name: ") && error.description.contains(says), "\(error)")
            }
        }
    }

    @Test func hostsMatchExactlyOrBelowAWildcardIgnoringCaseAndPortsWhileOriginsNeedTheirPort() throws {
        let policy = HostPolicy(
            hosts: [try HostPolicy.Pattern("api.example.com"), try HostPolicy.Pattern("*.cdn.example.net"), try HostPolicy.Pattern("[::1]")],
            origins: [URL(string: "http://127.0.0.1:8080/api")!, URL(string: "https://secure.example.org")!])
        let allowed = [
            "https://api.example.com/x", "http://API.EXAMPLE.COM:9999/x", "https://api.example.com./x",
            "https://a.cdn.example.net/i.png", "https://a.b.cdn.example.net/", "http://[::1]:5/",
            "http://127.0.0.1:8080/other", "https://secure.example.org:443/", "HTTPS://Secure.Example.org/",
        ]
        let refused = [
            "https://example.com/", "https://api.example.com.evil.net/", "https://evilapi.example.com/",
            "https://cdn.example.net/", "https://xcdn.example.net/", "http://127.0.0.1:8081/", "http://127.0.0.1/",
            "http://localhost:8080/", "http://secure.example.org/", "ftp://api.example.com/", "file:///etc/passwd",
            "http://api%2Eexample.com/", "http://api.example.com@127.0.0.1:9/",
        ]
        for text in allowed { #expect(policy.allows(URL(string: text)!), "\(text)") }
        for text in refused { #expect(!policy.allows(URL(string: text)!), "\(text)") }
        #expect(policy.description == "api.example.com, *.cdn.example.net, [::1], 127.0.0.1:8080, secure.example.org:443")
    }

    @Test func aRequestToAnotherHostFailsWithPolicyAndOpensNoConnection() async throws {
        let api = try LoopbackServer { _ in .json(#"{"ok":true}"#) }
        let exfil = try listener()
        defer { api.stop(); exfil.stop() }
        let client = try client(api: api, hosts: ["api.example.com"])
        var request = Request(url: URL(string: "\(exfil.baseURL)/exfil?secret=1")!)
        request.headers["X-Secret"] = "1"
        let error = try #require(await failure(client, request))
        #expect(error.kind == .policy)
        #expect(error.message == "the request to 127.0.0.1:\(exfil.port) is refused: that host is not allowed (allowed: api.example.com, 127.0.0.1:\(api.port))")
        #expect(error.url?.absoluteString == "\(exfil.baseURL)/exfil?secret=1")
        #expect(exfil.connectionCount == 0)
        // The base URL's origin is allowed.
        #expect(try await client.response(for: Request(path: "/ok")).value == ["ok": true])
    }

    @Test func anAllowedHostIsAllowedOnAnyPort() async throws {
        let api = try LoopbackServer { _ in .json("{}") }
        let other = try LoopbackServer { _ in .json(#"{"other":1}"#) }
        defer { api.stop(); other.stop() }
        let client = try client(api: api, hosts: ["127.0.0.1"])
        #expect(try await client.response(for: Request(url: other.baseURL.appendingPathComponent("x"))).value == ["other": 1])
    }

    @Test func theCheckedURLIsTheOneAfterFilters() async throws {
        let api = try LoopbackServer { _ in .json("{}") }
        let exfil = try listener()
        defer { api.stop(); exfil.stop() }
        let client = try client(api: api)
        client.configuration.urlFilters = [ClosureURLFilter { url, _ in URL(string: "\(exfil.baseURL)\(url.path)")! }]
        #expect(await failure(client, Request(path: "/rewritten"))?.kind == .policy)
        #expect(exfil.connectionCount == 0)
    }

    @Test func aRedirectToAHostOutsideThePolicyIsRefusedBeforeConnecting() async throws {
        let exfil = try listener()
        let api = try LoopbackServer { request in
            request.path == "/away" ? .respond(status: 302, headers: ["Location": "\(exfil.baseURL)/exfil"], body: [])
                : request.path == "/here" ? .respond(status: 302, headers: ["Location": "/landed"], body: [])
                : .json(#"{"landed":true}"#)
        }
        defer { api.stop(); exfil.stop() }
        let client = try client(api: api)
        let error = try #require(await failure(client, Request(path: "/away")))
        #expect(error.kind == .policy)
        #expect(error.message.hasPrefix("a redirect is refused: the request to 127.0.0.1:\(exfil.port) is refused"), "\(error.message)")
        #expect(exfil.connectionCount == 0)
        // A redirect within the policy is followed.
        #expect(try await client.response(for: Request(path: "/here")).value == ["landed": true])
        // Without a policy the transport follows redirects as before.
        client.configuration.hostPolicy = nil
        #expect(try await client.response(for: Request(path: "/away")).value == ["stolen": true])
    }

    @Test func batchesChainsAndSignalsObeyThePolicy() async throws {
        let api = try LoopbackServer { _ in .json(#"{"n":1}"#) }
        let exfil = try listener()
        defer { api.stop(); exfil.stop() }
        let client = try client(api: api)
        let outside = Request(url: exfil.baseURL.appendingPathComponent("x"))

        let batch: Result<[Response], NetworkError> = await withCheckedContinuation { continuation in
            client.sendBatch([Request(path: "/a"), outside]) { continuation.resume(returning: $0) }
        }
        guard case .failure(let batchError) = batch else { Issue.record("the batch succeeded"); return }
        #expect(batchError.kind == .policy)

        let chain: Result<[Response], NetworkError> = await withCheckedContinuation { continuation in
            client.sendChain(Request(path: "/a"), next: { _, step in step == 0 ? outside : nil }) { continuation.resume(returning: $0) }
        }
        guard case .failure(let chainError) = chain else { Issue.record("the chain succeeded"); return }
        #expect(chainError.kind == .policy)

        let signalError: NetworkError? = await withCheckedContinuation { continuation in
            client.signal(for: outside).subscribe { event in
                if case .failed(let error) = event { continuation.resume(returning: error as? NetworkError) }
                if case .completed = event { continuation.resume(returning: nil) }
            }
        }
        #expect(signalError?.kind == .policy)
        #expect(exfil.connectionCount == 0)
        // The chain's first step reached the API; the batch's may or may not have, as a batch
        // cancels its other requests when one fails (here at once, by the policy).
        #expect((1...2).contains(api.hits("/a")))
    }

    @Test func onlyHTTPAndHTTPSAreAllowedUnderAPolicy() async throws {
        let api = try LoopbackServer { _ in .json("{}") }
        defer { api.stop() }
        let client = try client(api: api, hosts: ["127.0.0.1"])
        let error = try #require(await failure(client, Request(url: URL(string: "ftp://127.0.0.1:\(api.port)/x?token=1")!)))
        #expect(error.kind == .policy)
        #expect(error.message == "'ftp://127.0.0.1:\(api.port)/x' is refused: only http and https URLs are allowed")
        #expect(api.connectionCount == 0)
    }
}
