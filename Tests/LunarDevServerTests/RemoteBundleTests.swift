import Foundation
import LunarBase
import LunarDevServer
import Testing

@Suite(.timeLimit(.minutes(1))) struct RemoteBundleTests {
    static func cache() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lunar-cache-\(UUID().uuidString)")
    }

    @Test func synchronizeMirrorsTheServer() async throws {
        let bundle = try TemporaryBundle(["lib/util.lua": "return 1", "mock-api/GET/items.json": "[]"])
        defer { bundle.remove() }
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: cache.appendingPathComponent("stale.lua"))
        try await withDevServer(bundle) { server, _ in
            let remote = try RemoteBundle(server: server.url, cacheDirectory: cache)
            #expect(try await remote.synchronize()
                == ["lib/util.lua", "manifest.json", "mock-api/GET/items.json", "screens/home.lua", "stale.lua"])
            #expect(try String(contentsOf: cache.appendingPathComponent("lib/util.lua"), encoding: .utf8) == "return 1")
            #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("stale.lua").path))
            #expect(try await remote.synchronize() == [])
            try bundle.write("lib/util.lua", "return 2")
            try FileManager.default.removeItem(at: bundle.root.appendingPathComponent("mock-api/GET/items.json"))
            #expect(try await remote.synchronize() == ["lib/util.lua", "mock-api/GET/items.json"])
            #expect(try String(contentsOf: cache.appendingPathComponent("lib/util.lua"), encoding: .utf8) == "return 2")
            #expect(try await remote.mockAPIURL() == server.mockAPIURL)
        }
    }

    @Test func updatesDownloadEachChangeBeforeReportingIt() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let source = ManualChangeSource()
        try await withDevServer(bundle, changes: source) { server, _ in
            let remote = try RemoteBundle(server: server.url, cacheDirectory: cache)
            var updates = remote.updates().makeAsyncIterator()
            #expect(try await updates.next() == .synchronized(changed: ["manifest.json", "screens/home.lua"]))
            #expect(try await remote.mockAPIURL() == nil)
            try bundle.write("screens/home.lua", TemporaryBundle.homeScreen("Hello v2"))
            try bundle.write("screens/new.lua", "return {}")
            source.send(["screens/home.lua", "screens/new.lua", "../../escape.lua"])
            #expect(try await updates.next() == .changed(["../../escape.lua", "screens/home.lua", "screens/new.lua"]))
            #expect(try String(contentsOf: cache.appendingPathComponent("screens/home.lua"), encoding: .utf8)
                == TemporaryBundle.homeScreen("Hello v2"))
            #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("screens/new.lua").path))
            #expect(!FileManager.default.fileExists(atPath: cache.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("escape.lua").path))
        }
    }

    @Test func theFirstConnectionFailingIsAnError() async throws {
        let remote = try RemoteBundle(server: URL(string: "http://127.0.0.1:1/")!, cacheDirectory: Self.cache())
        await #expect(throws: (any Error).self) {
            for try await _ in remote.updates() {}
        }
        #expect(throws: MessageError.self) { try RemoteBundle(server: URL(string: "https://example.com/")!, cacheDirectory: Self.cache()) }
    }
}
