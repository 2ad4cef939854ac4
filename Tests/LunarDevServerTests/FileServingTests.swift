import Foundation
import LunarDevServer
import LunarJSON
import Testing

@Suite(.timeLimit(.minutes(1))) struct FileServingTests {
    @Test func listsFilesWithContentHashes() async throws {
        let bundle = try TemporaryBundle(["lib/util.lua": "return {}", ".hidden": "secret", "screens/.draft.lua": "x"])
        defer { bundle.remove() }
        try await withDevServer(bundle) { _, client in
            let reply = try await client.send("GET", "/files")
            #expect(reply.status == 200)
            #expect(reply.headers[field: "content-type"] == "application/json")
            let files = try #require(try JSONValue(parsing: reply.body)["files"]?.arrayValue)
            #expect(files.compactMap { $0["path"]?.stringValue } == ["lib/util.lua", "manifest.json", "screens/home.lua"])
            let util = try #require(files.first)
            #expect(util["sha256"]?.stringValue == BundleFile.sha256(of: Array("return {}".utf8)))
            #expect(util["size"]?.numberValue == 9)
        }
    }

    @Test func downloadsFilesAndTheManifest() async throws {
        let bundle = try TemporaryBundle(["screens/deep/a b.lua": "return 1"])
        defer { bundle.remove() }
        try await withDevServer(bundle) { _, client in
            let screen = try await client.send("GET", "/files/screens/home.lua")
            #expect(screen.status == 200)
            #expect(screen.text == TemporaryBundle.homeScreen("Hello v1"))
            #expect(screen.headers[field: "content-type"] == "text/x-lua; charset=utf-8")
            #expect(screen.headers[field: "etag"] == "\"\(BundleFile.sha256(of: screen.body))\"")
            let spaced = try await client.send("GET", "/files/screens/deep/a%20b.lua")
            #expect(spaced.status == 200)
            #expect(spaced.text == "return 1")
            let manifest = try await client.send("GET", "/manifest.json")
            #expect(manifest.text == TemporaryBundle.manifest)
            let index = try JSONValue(parsing: try await client.send("GET", "/").body)
            #expect(index["name"] == "demo")
            #expect(index["events"] == .null)
            #expect(index["mockAPI"] == .null)
        }
    }

    /// The dev server mounts the mock API (LunarMockAPITests holds what it answers) under `/api`.
    @Test func servesTheMockAPIUnderAPI() async throws {
        let bundle = try TemporaryBundle(["mock-api/GET/items.json": #"[{"id": 1}]"#])
        defer { bundle.remove() }
        try await withDevServer(bundle) { server, client in
            #expect(server.mockAPIURL.absoluteString == server.url.absoluteString + "api")
            let items = try await client.send("GET", "/api/items")
            #expect(items.status == 200 && items.text == #"[{"id": 1}]"#)
            #expect(items.headers[field: "content-type"] == "application/json")
            #expect(try await client.send("GET", "/api/../manifest.json").status == 400)
            let index = try JSONValue(parsing: try await client.send("GET", "/").body)
            #expect(index["mockAPI"] == "/api")
        }
    }

    @Test func refusesTraversalAbsoluteAndHiddenPaths() async throws {
        let bundle = try TemporaryBundle([".env": "TOKEN=1"])
        defer { bundle.remove() }
        let outside = bundle.root.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString).txt")
        try Data("LEAKED CONTENT".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(at: bundle.root.appendingPathComponent("escape.lua"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: bundle.root.appendingPathComponent("up"), withDestinationURL: bundle.root.deletingLastPathComponent())
        try await withDevServer(bundle) { _, client in
            for target in ["/files/../manifest.json", "/files/screens/../../x", "/files/%2e%2e/x", "/files/screens%2F..%2F..%2Fx",
                           "/files//etc/passwd", "/files/.env", "/files/screens/./home.lua"] {
                let reply = try await client.send("GET", target)
                #expect(reply.status == 400, "\(target) answered \(reply.status)")
                #expect(reply.text.hasPrefix("bad bundle path"), "\(target)")
            }
            for target in ["/files/escape.lua", "/files/up/\(outside.lastPathComponent)", "/files/missing.lua", "/files/screens"] {
                let reply = try await client.send("GET", target)
                #expect(reply.status == 404, "\(target) answered \(reply.status)")
                #expect(!reply.text.contains("LEAKED"))
            }
            let listing = try await client.send("GET", "/files").text
            #expect(!listing.contains("escape.lua"))
            #expect(!listing.contains(".env"))
            let write = try await client.send("PUT", "/files/screens/home.lua", body: Array("x".utf8))
            #expect(write.status == 405)
        }
    }
}
