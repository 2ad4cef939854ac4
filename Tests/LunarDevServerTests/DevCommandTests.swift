import Foundation
import LunarTestSupport
import LunarDevServer
import Testing

/// `lunar dev` through the real binary: it runs the bundle headless, reloads
/// what is saved, and serves the bundle to a second host.
@Suite(.timeLimit(.minutes(2))) struct DevCommandTests {
    /// The dev server's URL from `lunar dev`'s notice on standard error.
    func servedURL(_ dev: LiveProcess) async throws -> URL {
        try await dev.waitForError(" (attach with: lunar run ")
        let line = try #require(dev.standardError.split(separator: "\n").first { $0.hasPrefix("lunar: serving demo at ") })
        let address = line.dropFirst("lunar: serving demo at ".count).prefix { $0 != " " }
        return try #require(URL(string: String(address)))
    }

    @Test func aSavedFileShowsInTheNextSnapshotAndCommandsGoOn() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        // The pipe to its standard input stays open: the session reads commands as they come.
        let dev = try LiveProcess(["dev", bundle.root.path, "--headless", "--port", "0"])
        defer { dev.terminate() }
        try await dev.waitForOutput("Text \"Hello v1\"")
        _ = try await servedURL(dev)
        try bundle.write("screens/home.lua", TemporaryBundle.homeScreen("Hello v2"))
        try await dev.waitForError("lunar: reloaded screens/home.lua\n")
        dev.send("snapshot")
        try await dev.waitForOutput("> snapshot\n== (untitled) ==\nColumn\n  Text \"Hello v2\"\n")
        // A broken save is reported; the app keeps the last good code; a failing command does not end the session.
        try bundle.write("screens/home.lua", "return {\n")
        try await dev.waitForError("; the app keeps running\n")
        #expect(dev.standardError.contains("lunar: reload failed: screens/home.lua:2: "), "file:line of the failure: \(dev.standardError)")
        dev.send("tap Nowhere")
        try await dev.waitForError("lunar: line 2: tap Nowhere: ")
        try bundle.write("screens/home.lua", TemporaryBundle.homeScreen("Hello v3"))
        try await dev.waitForError("lunar: reloaded screens/home.lua\n", times: 2)
        dev.send("snapshot")
        try await dev.waitForOutput("> snapshot\n== (untitled) ==\nColumn\n  Text \"Hello v3\"\n")
    }

    @Test func aSecondHostAttachesAndReloadsWithTheFirst() async throws {
        let bundle = try TemporaryBundle(["mock-api/GET/greeting.json": #"{"text": "hi"}"#])
        defer { bundle.remove() }
        let cache = RemoteBundleTests.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let dev = try LiveProcess(["dev", bundle.root.path, "--headless", "--port", "0"])
        defer { dev.terminate() }
        let url = try await servedURL(dev)
        #expect(url.host == "127.0.0.1")
        try await dev.waitForError("lunar: mock API at \(url.absoluteString)api\n")
        let client = try DevServerClient(baseURL: url)
        #expect(try await client.send("GET", "/api/greeting").text == #"{"text": "hi"}"#)

        let remote = try LiveProcess(["run", url.absoluteString, "--headless", "--cache-directory", cache.path])
        defer { remote.terminate() }
        try await remote.waitForOutput("Text \"Hello v1\"")
        try bundle.write("screens/home.lua", TemporaryBundle.homeScreen("Hello v2"))
        try await dev.waitForError("lunar: reloaded screens/home.lua\n")
        try await remote.waitForError("lunar: reloaded screens/home.lua\n")
        remote.send("snapshot")
        try await remote.waitForOutput("> snapshot\n== (untitled) ==\nColumn\n  Text \"Hello v2\"\n")
        #expect(try await remote.finish() == 0)
    }

    /// Issue 22: a route added to manifest.json was logged as reloaded but matched nothing until
    /// a restart, in `lunar dev` and in a host attached to it.
    @Test func aRouteAddedToTheManifestOpensInBothHosts() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        let cache = RemoteBundleTests.cache()
        defer { try? FileManager.default.removeItem(at: cache) }
        let dev = try LiveProcess(["dev", bundle.root.path, "--headless", "--port", "0"])
        defer { dev.terminate() }
        let url = try await servedURL(dev)
        let remote = try LiveProcess(["run", url.absoluteString, "--headless", "--cache-directory", cache.path])
        defer { remote.terminate() }
        try await remote.waitForOutput("Text \"Hello v1\"")
        try bundle.write("screens/about.lua", TemporaryBundle.homeScreen("About us"))
        try await dev.waitForError("lunar: reloaded screens/about.lua\n")
        try await remote.waitForError("lunar: reloaded screens/about.lua\n")
        try bundle.write("manifest.json", #"{"name": "demo", "version": "1.0.0", "entry": "/home", "routes": {"/home": "screens.home", "/about": "screens.about"}}"#)
        try await dev.waitForError("lunar: reloaded manifest.json\n")
        try await remote.waitForError("lunar: reloaded manifest.json\n")
        for host in [dev, remote] {
            host.send("open /about")
            try await host.waitForOutput("> open /about\n== (untitled) ==\nColumn\n  Text \"About us\"\n")
        }
    }
}
