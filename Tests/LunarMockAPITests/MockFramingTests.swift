import Foundation
import LunarTestSupport
import LunarMockAPI
import Testing

/// The mock API frames bodies itself: a handler's or sidecar's framing headers that disagree with
/// the body are refused with a 500 naming the file; a correct one passes.
@Suite(.timeLimit(.minutes(1))) struct MockFramingTests {
    @Test func framingHeadersMustAgreeWithTheBody() async throws {
        let bundle = try TemporaryBundle([
            "mock-api/GET/exact.lua": #"return function() return { headers = { ["Content-Length"] = "4" }, body = "tiny" } end"#,
            "mock-api/GET/long.lua": #"return function() return { headers = { ["content-length"] = "100" }, body = "tiny" } end"#,
            "mock-api/GET/short.lua": #"return function() return { headers = { ["Content-Length"] = "1" }, body = "tiny" } end"#,
            "mock-api/GET/chunked.lua": #"return function() return { headers = { ["Transfer-Encoding"] = "chunked" }, body = "tiny" } end"#,
            "mock-api/GET/value.lua": #"return function() return { headers = { ["X-Note"] = "a\r\nX-Injected: 1" }, body = "tiny" } end"#,
            "mock-api/GET/items.json": "[]",
            "mock-api/GET/items.response.json": #"{"headers": {"Content-Length": "5000"}}"#,
        ])
        defer { bundle.remove() }
        let api = MockAPI(root: bundle.root.appendingPathComponent("mock-api"))
        func answer(_ path: String) async -> MockResponse { await api.respond(to: MockRequest(method: "GET", path: path)) }
        let exact = await answer("/exact")
        #expect(exact.status == 200 && exact.body == Array("tiny".utf8))
        for (path, text) in [
            ("/long", "mock-api/GET/long.lua: bad response: header 'content-length' says 100 but the body has 4 bytes (leave it out: the server sets it)\n"),
            ("/short", "mock-api/GET/short.lua: bad response: header 'Content-Length' says 1 but the body has 4 bytes (leave it out: the server sets it)\n"),
            ("/chunked", "mock-api/GET/chunked.lua: bad response: header 'Transfer-Encoding' is refused (leave it out: the server frames the body)\n"),
            ("/value", "mock-api/GET/value.lua: bad response: the value of header \"X-Note\" has a carriage return (CR), which a header value cannot hold\n"),
            ("/items", "mock-api/GET/items.response.json: bad response: header 'Content-Length' says 5000 but the body has 2 bytes (leave it out: the server sets it)\n"),
        ] {
            let response = await answer(path)
            #expect(response.status == 500, "\(path)")
            #expect(String(decoding: response.body, as: UTF8.self) == text)
        }
    }

    @Test func overHTTPACorrectContentLengthIsServedOnce() async throws {
        let bundle = try TemporaryBundle(["mock-api/GET/exact.lua": #"return function() return { headers = { ["Content-Length"] = "4" }, body = "tiny" } end"#])
        defer { bundle.remove() }
        try await withMockAPIServer(bundle) { _, client in
            let reply = try await withTimeout { try await client.send("GET", "/api/exact") }
            #expect(reply.status == 200 && reply.text == "tiny")
            #expect(reply.headers.filter { $0.name.lowercased() == "content-length" }.map(\.value) == ["4"])
        }
    }
}
