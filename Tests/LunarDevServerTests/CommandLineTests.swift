import Foundation
import LunarTestSupport
import LunarDevServer
import Testing

/// `lunar serve` and `lunar run http://...` through the real binary.
@Suite(.timeLimit(.minutes(2))) struct CommandLineTests {
    @Test func aRemoteHostShowsTheServedBundleAndFollowsItsChanges() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let cache = RemoteBundleTests.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let source = ManualChangeSource()
        try await withDevServer(bundle, changes: source) { server, _ in
            let host = try LiveProcess(["run", server.url.absoluteString, "--headless", "--cache-directory", cache.path])
            try await host.waitForOutput("Text \"Hello v1\"")
            #expect(host.standardOutput.hasPrefix("== (untitled) ==\nColumn\n  Text \"Hello v1\"\n"))
            try bundle.write("screens/home.lua", TemporaryBundle.homeScreen("Hello v2"))
            source.send(["screens/home.lua"])
            try await host.waitForError("lunar: reloaded screens/home.lua\n")
            host.send("snapshot")
            try await host.waitForOutput("> snapshot\n== (untitled) ==\nColumn\n  Text \"Hello v2\"\n")
            #expect(try await host.finish() == 0)
        }
    }

    @Test func serveListsFilesAndFeedsChanges() async throws {
        let bundle = try TemporaryBundle(["mock-api/GET/items.json": #"[1, 2]"#])
        defer { bundle.remove() }
        let serve = try LiveProcess(["serve", bundle.root.path, "--port", "0", "--poll-interval", "0.05"])
        defer { serve.terminate() }
        try await serve.waitForOutput("/api\n")
        let printed = serve.standardOutput
        let url = try #require(printed.split(separator: " ").first { $0.hasPrefix("http://") }.map { URL(string: String($0.split(separator: "\n")[0]))! })
        #expect(url.host == "127.0.0.1")
        #expect(printed == "lunar: serving demo at \(url.absoluteString)\nlunar: mock API at \(url.absoluteString)api\n")
        let client = try DevServerClient(baseURL: url)
        #expect(try await client.send("GET", "/files").text.contains(#""path":"screens/home.lua""#))
        #expect(try await client.send("GET", "/api/items").text == "[1, 2]")
        let changed = try await withTimeout {
            var events = client.events().makeAsyncIterator()
            _ = try await events.next()
            try bundle.write("screens/home.lua", TemporaryBundle.homeScreen("Hello v2"))
            return try await events.next()?.data
        }
        #expect(changed == #"{"changed":["screens/home.lua"]}"#)
    }

    @Test func anUnreachableServerFailsWithTheReason() async throws {
        let host = try LiveProcess(["run", "http://127.0.0.1:1/", "--cache-directory", RemoteBundleTests.cache().path])
        #expect(try await host.finish() == 1)
        #expect(host.standardError.hasPrefix("lunar: cannot load the bundle from http://127.0.0.1:1/: "))
    }

    @Test func serveRefusesABundleWithoutManifest() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let serve = try LiveProcess(["serve", empty.path, "--port", "0"])
        #expect(try await serve.finish() == 1)
        #expect(serve.standardError.contains("no manifest.json"))
    }
}
