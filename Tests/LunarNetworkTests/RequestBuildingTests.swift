import Foundation
import LunarJSON
import LunarNetwork
import LunarTestSupport
import Testing

/// What goes on the wire: URL resolution, query, headers, bodies, credentials, URL filters.
@MainActor
@Suite struct RequestBuildingTests {
    private func echoServer() throws -> LoopbackServer {
        try LoopbackServer { _ in .json("{}") }
    }

    @Test func pathJoinsTheBaseURLKeepingItsPathAndEncodesTheQuery() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let client = makeClient(server)
        client.configuration.baseURL = server.baseURL.appendingPathComponent("v1")
        var request = Request(path: "/search")
        request.query = ["q": "a b+c&d", "page": "2"]
        _ = try await client.response(for: request)
        #expect(server.received.first?.target == "/v1/search?q=a%20b%2Bc%26d&page=2")
    }

    @Test func everyMethodIsSentAsNamed() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let client = makeClient(server)
        for method in HTTPMethod.allCases {
            _ = try await client.response(for: Request(method, path: "/m"))
        }
        #expect(server.received.map(\.method) == ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"])
    }

    @Test func jsonBodyIsSerializedWithItsContentType() async throws {
        let server = try echoServer()
        defer { server.stop() }
        var request = Request(.post, path: "/login")
        request.body = .json(["account": "ada", "remember": true])
        _ = try await makeClient(server).response(for: request)
        let received = try #require(server.received.first)
        #expect(received.headers["content-type"] == "application/json")
        #expect(try JSONValue(parsing: received.body) == ["account": "ada", "remember": true])
    }

    @Test func formBodyIsURLEncoded() async throws {
        let server = try echoServer()
        defer { server.stop() }
        var request = Request(.post, path: "/form")
        request.body = .form(["name": "Ada Lovelace", "note": "1+1=2"])
        _ = try await makeClient(server).response(for: request)
        let received = try #require(server.received.first)
        #expect(received.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(received.bodyText == "name=Ada%20Lovelace&note=1%2B1%3D2")
    }

    @Test func multipartBodyCarriesFieldsAndFiles() async throws {
        let server = try echoServer()
        defer { server.stop() }
        var request = Request(.post, path: "/upload")
        request.body = .multipart([
            MultipartPart(name: "title", value: "cat"),
            MultipartPart(name: "photo", filename: "cat.png", contentType: "image/png", data: Data([0x89, 0x50])),
        ])
        _ = try await makeClient(server).response(for: request)
        let received = try #require(server.received.first)
        let contentType = try #require(received.headers["content-type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.split(separator: "=", maxSplits: 1)[1])
        let expected = Data((
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\ncat\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"cat.png\"\r\n"
            + "Content-Type: image/png\r\n\r\n").utf8) + Data([0x89, 0x50]) + Data("\r\n--\(boundary)--\r\n".utf8)
        #expect(Data(received.body) == expected)
    }

    @Test func headersMergeWithTheRequestWinningAndCredentialsBecomeBasicAuth() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let client = makeClient(server)
        client.configuration.headers = ["X-Client": "lunar", "Accept-Language": "en"]
        var request = Request(path: "/me")
        request.headers = ["accept-language": "fr"]
        request.credentials = BasicCredentials(user: "ada", password: "secret")
        _ = try await client.response(for: request)
        let headers = try #require(server.received.first).headers
        #expect(headers["x-client"] == "lunar")
        #expect(headers["accept-language"] == "fr")
        #expect(headers["authorization"] == "Basic " + Data("ada:secret".utf8).base64EncodedString())
    }

    @Test func cdnRequestsGoToTheCDNBaseAndAbsoluteURLsGoWhereTheySay() async throws {
        let api = try echoServer()
        let cdn = try echoServer()
        defer { api.stop(); cdn.stop() }
        let client = makeClient(api)
        client.configuration.cdnURL = cdn.baseURL
        var image = Request(path: "/img/1.png")
        image.usesCDN = true
        _ = try await client.response(for: image)
        _ = try await client.response(for: Request(path: cdn.baseURL.absoluteString + "/direct"))
        _ = try await client.response(for: Request(url: cdn.baseURL.appendingPathComponent("absolute")))
        _ = try await client.response(for: Request(path: "/api"))
        #expect(cdn.received.map(\.target) == ["/img/1.png", "/direct", "/absolute"])
        #expect(api.received.map(\.target) == ["/api"])
    }

    @Test func urlFiltersRunInOrderAfterTheQuery() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let client = makeClient(server)
        client.configuration.urlFilters = [
            CommonArgumentsFilter(["version": "3", "page": "ignored"]),
            ClosureURLFilter { url, request in
                // Sees the first filter's output.
                URL(string: url.absoluteString.replacingOccurrences(of: "/old/", with: "/new/") + "&kind=\(request.kind ?? "-")")!
            },
        ]
        var request = Request(path: "/old/list")
        request.query = ["page": "1"]
        request.kind = "list"
        _ = try await client.response(for: request)
        #expect(server.received.first?.target == "/new/list?page=1&version=3&kind=list")
    }
}
