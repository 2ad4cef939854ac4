import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import Testing

/// A saved `manifest.json` takes effect in the running app (issue 22): routes at once, the API
/// settings at once, a refused manifest changes nothing, and `entry` says it waits for a start.
@Suite struct ManifestReloadTests {
    static func screen(_ text: String) -> String {
        #"local ui = require("lunar.ui") return { render = function() return ui.Text(""# + text + #"") end }"#
    }

    func bundle(_ files: [String: String] = [:]) throws -> TestBundle {
        try TestBundle(files: ["screens/home.lua": Self.screen("home"), "screens/about.lua": Self.screen("about"),
                               "screens/info.lua": Self.screen("info")].merging(files) { $1 })
    }

    func manifest(entry: String = "/home", routes: [String: String], extra: [String: String] = [:]) -> String {
        BundleDirectory.manifest(entry: entry, routes: routes, extra: extra)
    }

    @Test func anAddedRouteOpensWithoutARestart() async throws {
        let b = try bundle()
        defer { b.remove() }
        let runtime = try await b.start()
        await #expect(throws: (any Error).self) { try await runtime.run(.open("/about")) }
        try b.write("manifest.json", manifest(routes: ["/home": "screens.home", "/about": "screens.about"]))
        let report = await runtime.reload(changedFiles: ["manifest.json"])
        #expect(report.failed.isEmpty)
        #expect(report.notes.isEmpty)
        try await runtime.run(.open("/about"))
        #expect(await runtime.snapshot().contains("Text \"about\""))
        // The navigator resolves screen names through the new routes too.
        _ = try await runtime.lua(#"require("lunar.navigator").push("about")"#)
        #expect(await runtime.bundle.manifest.routes["/about"] == "screens.about")
    }

    @Test func aRemovedRouteStopsMatchingAndAChangedOneOpensItsNewModule() async throws {
        let b = try bundle()
        defer { b.remove() }
        try b.write("manifest.json", manifest(routes: ["/home": "screens.home", "/about": "screens.about", "/old": "screens.about"]))
        let runtime = try await b.start()
        try b.write("manifest.json", manifest(routes: ["/home": "screens.home", "/about": "screens.info"]))
        #expect(await runtime.reload(changedFiles: ["manifest.json"]).failed.isEmpty)
        try await runtime.run(.open("/about"))
        #expect(await runtime.snapshot().contains("Text \"info\""))
        await #expect(throws: (any Error).self) { try await runtime.run(.open("/old")) }
        // An unchanged route still opens.
        try await runtime.run(.open("/home"))
        #expect(await runtime.snapshot().contains("Text \"home\""))
    }

    @Test func aRefusedManifestChangesNothingAndItsFixClearsTheOverlay() async throws {
        let b = try bundle()
        defer { b.remove() }
        let runtime = try await b.start()
        // The entry must match a route: this one would leave the app without its start screen.
        try b.write("manifest.json", manifest(entry: "/start", routes: ["/about": "screens.about"]))
        let refused = await runtime.reload(changedFiles: ["manifest.json"])
        #expect(refused.failed == ["manifest.json"])
        #expect(await runtime.snapshot().contains("manifest.json: entry '/start' matches no route (routes: /about)"))
        await #expect(throws: (any Error).self) { try await runtime.run(.open("/about")) }
        try b.write("manifest.json", "{\"name\": ")
        #expect(await runtime.reload(changedFiles: ["manifest.json"]).failed == ["manifest.json"])
        #expect(await runtime.snapshot().contains("manifest.json: not valid JSON"))
        try b.write("manifest.json", manifest(routes: ["/home": "screens.home", "/about": "screens.about"]))
        #expect(await runtime.reload(changedFiles: ["manifest.json"]).failed.isEmpty)
        let fixed = await runtime.snapshot()
        #expect(!fixed.contains("Error"))
        #expect(fixed.contains("Text \"home\""))
        try await runtime.run(.open("/about"))
    }

    @Test func aBridgeAPIOtherThanTheHostsIsRefused() async throws {
        let b = try bundle()
        defer { b.remove() }
        let runtime = try await b.start()
        try b.write("manifest.json", manifest(routes: ["/home": "screens.home", "/about": "screens.about"],
                                              extra: ["bridgeAPI": "\"0123456789abcdef\""]))
        #expect(await runtime.reload(changedFiles: ["manifest.json"]).failed == ["manifest.json"])
        #expect(await runtime.snapshot().contains("bridgeAPI '0123456789abcdef' does not match"))
        await #expect(throws: (any Error).self) { try await runtime.run(.open("/about")) }
    }

    @Test func aChangedEntryIsNotedForTheNextStart() async throws {
        let b = try bundle()
        defer { b.remove() }
        let runtime = try await b.start()
        try b.write("manifest.json", manifest(entry: "/about", routes: ["/home": "screens.home", "/about": "screens.about"]))
        let report = await runtime.reload(changedFiles: ["manifest.json"])
        #expect(report.failed.isEmpty)
        #expect(report.notes == ["manifest.json: the entry '/about' opens when the app starts again; the running app keeps its screens"])
        #expect(await runtime.snapshot().contains("Text \"home\""))
        #expect(await runtime.bundle.manifest.entry == "/about")
    }

    @Test func theNoticeASessionShowsCarriesTheNotes() async throws {
        let b = try bundle()
        defer { b.remove() }
        let runtime = try await b.start()
        try b.write("manifest.json", manifest(entry: "/about", routes: ["/home": "screens.home", "/about": "screens.about"]))
        let notice = await runtime.applyChanges(["manifest.json"])
        #expect(notice?.isFailure == false)
        #expect(notice?.text == "reloaded manifest.json; manifest.json: the entry '/about' opens when the app starts again; "
            + "the running app keeps its screens")
    }

    @Test func theAPISettingsApplyToTheNextRequest() async throws {
        let first = try LoopbackServer { _ in .json(#"{"from": "first"}"#) }
        let second = try LoopbackServer { _ in .json(#"{"from": "second"}"#) }
        defer { first.stop(); second.stop() }
        let b = try bundle()
        defer { b.remove() }
        let routes = ["/home": "screens.home"]
        try b.write("manifest.json", manifest(routes: routes, extra: ["api": #"{"baseURL": "\#(first.baseURL)"}"#]))
        let runtime = try await b.start(clock: .realTime)
        let send = """
            FROM, KIND = nil, nil
            local net = require("lunar.net")
            net.send(net.request{ path = "/x" }, function(r, e) FROM = r and r.from; KIND = e and e.kind end)
            net.send(net.request{ url = "\(second.baseURL)/direct" }, function(r, e) DIRECT = r and r.from or e.kind end)
            """
        _ = try await runtime.lua(send)
        #expect(await runtime.wait(timeout: 10))
        #expect(try await runtime.lua("return FROM, DIRECT") == ["first", "policy"])
        try b.write("manifest.json", manifest(routes: routes, extra: ["api": #"{"baseURL": "\#(second.baseURL)"}"#]))
        #expect(await runtime.reload(changedFiles: ["manifest.json"]).failed.isEmpty)
        _ = try await runtime.lua(send)
        #expect(await runtime.wait(timeout: 10))
        #expect(try await runtime.lua("return FROM, DIRECT") == ["second", "second"])
    }
}
