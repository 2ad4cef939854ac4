import Foundation
import LunarBase
import LunarBridge
import LunarBundle
import LunarDevServer
import LunarRuntime
import LunarTestSupport
import Testing

/// The fault catalogue, part 6: a dev server that misbehaves (issue 23 items 6 and 8).
///
/// `lunar run http://…` mirrors the served bundle with `RemoteBundle`; here a loopback server
/// plays a hostile dev server: sizes it lists or sends past the caps, endless bodies, files that
/// are not the ones it lists. Each is refused with one line naming the file, while the bytes
/// arrive, and nothing unverified is written. Then the mock API: a handler (or sidecar) whose
/// framing headers lie is answered with a 500 that says why, instead of hanging the client.
@Suite struct DevServerChaosCatalogue {
    struct Listing: Sendable {
        var path: String
        var sha256: String
        var size: Int
    }

    struct HostileServer: Sendable, CustomTestStringConvertible {
        let name: String
        /// What `GET /files` lists.
        let listing: [Listing]
        /// What `GET /files/<path>` answers.
        let file: LoopbackServer.Reply
        var limits = BundleLimits.standard
        /// Text the refusal contains (it always starts with the file's path or `GET /files`).
        let says: String
        var testDescription: String { name }
    }

    static let script = Array("return { ok = true }\n".utf8)
    static let scriptHash = BundleFile.sha256(of: script)
    static let otherHash = BundleFile.sha256(of: Array("return { evil = true }\n".utf8))

    static let servers: [HostileServer] = [
        HostileServer(name: "a listed size over the per-file cap", listing: [Listing(path: "screens/huge.lua", sha256: scriptHash, size: 9_000_000_000)],
                      file: .endless, says: "screens/huge.lua is refused: the dev server lists it at 9000000000 bytes, over the cap of 33554432 bytes per file"),
        HostileServer(name: "listed sizes adding up over the total cap",
                      listing: (1...9).map { Listing(path: "lib/part\($0).lua", sha256: scriptHash, size: 30 << 20) },
                      file: .endless, says: "lib/part9.lua is refused: with it the bundle passes the cap of 268435456 bytes in all"),
        HostileServer(name: "more files than the cap", listing: (1...11).map { Listing(path: "lib/f\($0).lua", sha256: scriptHash, size: 1) },
                      file: .endless, limits: BundleLimits(maxFiles: 10), says: "GET /files: the dev server lists 11 files, over the cap of 10"),
        HostileServer(name: "an endless body for a small listed size", listing: [Listing(path: "screens/home.lua", sha256: scriptHash, size: script.count)],
                      file: .endless, says: "screens/home.lua is refused: the dev server sent more than the 21 bytes it listed"),
        HostileServer(name: "an endless body for a listed size at the cap",
                      listing: [Listing(path: "screens/home.lua", sha256: scriptHash, size: 32 << 20)],
                      file: .endless, says: "screens/home.lua is refused: the dev server sent more than the 33554432 bytes it listed"),
        HostileServer(name: "a Content-Length over the listed size", listing: [Listing(path: "screens/home.lua", sha256: scriptHash, size: script.count)],
                      file: .truncated(declared: 8 << 30, body: script),
                      says: "screens/home.lua is refused: the dev server sent more than the 21 bytes it listed (it announced 8589934592)"),
        HostileServer(name: "a file other than the one listed (substituted)",
                      listing: [Listing(path: "screens/home.lua", sha256: otherHash, size: script.count)],
                      file: .respond(status: 200, headers: [:], body: script),
                      says: "screens/home.lua is refused: its SHA-256 or size differs from the dev server's file list"),
        HostileServer(name: "a file shorter than listed", listing: [Listing(path: "screens/home.lua", sha256: scriptHash, size: 100)],
                      file: .respond(status: 200, headers: [:], body: script),
                      says: "screens/home.lua is refused: its SHA-256 or size differs from the dev server's file list"),
        HostileServer(name: "a listed file without a hash", listing: [Listing(path: "screens/home.lua", sha256: "", size: script.count)],
                      file: .respond(status: 200, headers: [:], body: script),
                      says: "screens/home.lua is refused: the dev server lists it without a SHA-256 and a size"),
    ]

    @Test(arguments: servers)
    func hostileDevServerIsRefusedNamingTheFile(_ hostile: HostileServer) async throws {
        let entries = hostile.listing.map { #"{"path": "\#($0.path)", "sha256": "\#($0.sha256)", "size": \#($0.size)}"# }
        let listing = #"{"files": [\#(entries.joined(separator: ", "))]}"#
        let server = try LoopbackServer { request in request.path == "/files" ? .json(listing) : hostile.file }
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let remote = try RemoteBundle(server: server.baseURL, cacheDirectory: cache, limits: hostile.limits)
        do {
            let changed = try await remote.synchronize()
            Issue.record("the bundle was accepted: \(changed)")
        } catch let error as MessageError {
            #expect(error.message.contains(hostile.says), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
        let written = FileManager.default.enumerator(atPath: cache.path)?.allObjects ?? []
        #expect(written.isEmpty, "an unverified file was written: \(written)")
    }

    @Test func anEndlessFeedEventIsCut() async throws {
        let server = try LoopbackServer { _ in .endless }
        defer { server.stop() }
        let client = try DevServerClient(baseURL: server.baseURL)
        await #expect(throws: ReplyTooLarge(limit: 1 << 20, declared: nil)) {
            for try await _ in client.events() {}
        }
    }

    struct LyingMock: Sendable, CustomTestStringConvertible {
        let name: String
        let files: [String: String]
        let path: String
        let says: String
        var testDescription: String { name }
    }

    static let mocks: [LyingMock] = [
        LyingMock(name: "a Lua handler's Content-Length over its body",
                  files: ["mock-api/GET/short.lua": #"return function() return { headers = { ["Content-Length"] = "100" }, body = "tiny" } end"#],
                  path: "/short", says: "mock-api/GET/short.lua: bad response: header 'Content-Length' says 100 but the body has 4 bytes"),
        LyingMock(name: "a Lua handler's Transfer-Encoding",
                  files: ["mock-api/GET/chunked.lua": #"return function() return { headers = { ["Transfer-Encoding"] = "chunked" }, body = "tiny" } end"#],
                  path: "/chunked", says: "mock-api/GET/chunked.lua: bad response: header 'Transfer-Encoding' is refused"),
        LyingMock(name: "a sidecar's Content-Length over the file",
                  files: ["mock-api/GET/items.json": "[]", "mock-api/GET/items.response.json": #"{"headers": {"Content-Length": "5000"}}"#],
                  path: "/items", says: "mock-api/GET/items.response.json: bad response: header 'Content-Length' says 5000 but the body has 2 bytes"),
        LyingMock(name: "a Lua handler's header name with CR LF",
                  files: ["mock-api/GET/split.lua": #"return function() return { headers = { ["X-A\r\nX-B"] = "1" }, body = "ok" } end"#],
                  path: "/split", says: "mock-api/GET/split.lua: bad response: header name \"X-A\\r\\nX-B\""),
    ]

    @Test(arguments: mocks)
    func aLyingMockAnswersA500InsteadOfHanging(_ mock: LyingMock) async throws {
        var files = mock.files
        files["manifest.json"] = BundleDirectory.manifest(name: "mock")
        let directory = try BundleDirectory(prefix: "lunar-mock", files: files)
        defer { directory.remove() }
        let bundle = directory.root
        let server = try await DevServer(bundleDirectory: bundle, configuration: .init(port: 0)).start()
        let app = try await FaultApp(files: [:], apiBaseURL: server.mockAPIURL)
        _ = try await app.lua("""
            local net = require("lunar.net")
            net.send(net.request { path = "\(mock.path)", timeout = 0.2 }, function(result, err)
              OUTCOME = err and { kind = err.kind, status = err.status, body = err.body } or { kind = "none" }
            end)
            """, name: "@mock.lua")
        #expect(await app.runtime.wait(timeout: 10), "the request never ended")
        let outcome = try await app.lua("return OUTCOME.kind, OUTCOME.status, OUTCOME.body")
        await server.stop()
        #expect(outcome.first?.stringValue == "http", "got \(outcome)")
        #expect(outcome[1].intValue == 500)
        #expect(outcome[2].stringValue?.hasPrefix(mock.says) == true, "body: \(outcome[2])")
        #expect(try await app.assertUsable())
    }
}
