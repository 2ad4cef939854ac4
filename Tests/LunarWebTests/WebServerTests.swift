import Foundation
import LunarBundle
import LunarDevServer
import LunarRuntime
import LunarCommands
import LunarTestSupport
@testable import LunarWeb
import Testing

/// A real server on loopback with real runtimes: a WebSocket client plays the page.
@Suite(.timeLimit(.minutes(2))) struct WebServerTests {
    static let home = """
        local ui = require("lunar.ui")
        local nav = require("lunar.navigator")
        return {
          title = "Home",
          load = function(self) self.count = 0 end,
          render = function(self)
            return ui.Column {
              ui.Text { id = "count", text = "Count: " .. self.count },
              ui.Button { id = "plus", title = "Plus", onPress = function() self.count = self.count + 1 end },
              ui.TextField { id = "name", placeholder = "Name" },
              ui.Button { id = "open", title = "Open 3", onPress = function() nav.push("/items/3") end },
            }
          end,
        }
        """
    static let item = """
        local ui = require("lunar.ui")
        return {
          load = function(self, params) self.title = "Item " .. params.id end,
          render = function(self) return ui.Column { ui.Text { text = self.title } } end,
        }
        """

    func makeBundle() throws -> BundleDirectory {
        try BundleDirectory(prefix: "lunar-web", files: [
            "manifest.json": BundleDirectory.manifest(routes: ["/home": "screens.home", "/items/:id": "screens.item"]),
            "screens/home.lua": Self.home,
            "screens/item.lua": Self.item,
        ])
    }

    /// Serves `bundle` on a free port while `body` runs.
    /// The runtimes the tabs made, held weakly: a closed tab must let go of its own.
    final class Runtimes: Sendable {
        final class Weak: Sendable {
            weak let runtime: LunarRuntime?
            init(_ runtime: LunarRuntime) { self.runtime = runtime }
        }
        let made = SharedLog<Weak>()
        var alive: Int { made.all.filter { $0.runtime != nil }.count }
    }

    func withServer(
        _ bundle: BundleDirectory, configuration: WebServer.Configuration = .init(port: 0), runtimes: Runtimes = Runtimes(),
        _ body: (RunningWebServer) async throws -> Void
    ) async throws {
        let script = try ScriptBundle(directory: bundle.root)
        var options = RuntimeOptions()
        options.storageDirectory = bundle.root.appendingPathComponent(".storage")
        let server = WebServer(configuration: configuration) { [options] request in
            let tab = try await WebAppTab.open(script, options: options, request: request)
            runtimes.made.append(Runtimes.Weak(tab.runtime))
            return tab
        }
        let running = try await server.start()
        do { try await body(running) } catch {
            await running.stop()
            throw error
        }
        await running.stop()
    }

    func origin(_ server: RunningWebServer) -> String { "http://127.0.0.1:\(server.url.port!)" }

    @Test func aTabSeesItsScreenAndEachTapIsOneSmallUpdate() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        try await withServer(bundle) { server in
            let page = PageClient(server: server.url, origin: origin(server))
            try await page.waitFor(#"{"t":"push","s":1,"title":"Home","path":"/home"}"#)
            let first = try #require(page.messages.first { $0.hasPrefix(#"{"t":"m","s":1"#) })
            #expect(first.contains(#"["c",2,"Text",{"id":"count","text":"Count: 0"},[]]"#), "\(first)")
            let plus = try #require(first.firstMatch(of: /\["c",(\d+),"Button",\{"id":"plus"/)?.1)
            page.send(#"{"t":"press","s":1,"n":\#(plus)}"#)
            try await page.waitFor(#"{"t":"m","s":1,"m":[["u",2,{"text":"Count: 1"}]]}"#)
            await page.close()
        }
    }

    @Test func badMessagesAreRefusedAndTheTabGoesOn() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        try await withServer(bundle) { server in
            let page = PageClient(server: server.url, origin: origin(server))
            try await page.waitFor(#""t":"push""#)
            page.send("{not json")
            try await page.waitFor(#"{"t":"refused","reason":"malformed message (not a JSON object)"}"#)
            page.send(#"{"t":"launch","s":1}"#)
            try await page.waitFor(#"{"t":"refused","reason":"unknown message type \"launch\""}"#)
            let oversized = #"{"t":"change","s":1,"n":4,"v":""# + String(repeating: "x", count: 70_000) + #""}"#
            page.send(oversized)
            try await page.waitFor(#"{"t":"refused","reason":"oversized message (\#(oversized.utf8.count) bytes, at most 65536)"}"#)
            // Still alive: a press re-renders.
            let first = try #require(page.messages.first { $0.hasPrefix(#"{"t":"m","s":1"#) })
            let plus = try #require(first.firstMatch(of: /\["c",(\d+),"Button",\{"id":"plus"/)?.1)
            page.send(#"{"t":"press","s":1,"n":\#(plus)}"#)
            try await page.waitFor(#""Count: 1""#)
            await page.close()
        }
    }

    @Test func aDeepLinkOpensOverTheEntryAndBackReturns() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        try await withServer(bundle) { server in
            let page = PageClient(server: server.url, path: "/items/3", origin: origin(server))
            try await page.waitFor(#"{"t":"push","s":2,"title":"Item 3","path":"/items/3"}"#)
            try await page.waitFor(#""text":"Item 3""#)
            page.send(#"{"t":"back","s":2}"#)
            try await page.waitFor(#"{"t":"pop","s":2}"#)
            await page.close()
        }
    }

    @Test func twoTabsHaveTheirOwnStateAndAClosedTabIsFreed() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        let runtimes = Runtimes()
        try await withServer(bundle, runtimes: runtimes) { server in
            let one = PageClient(server: server.url, origin: origin(server))
            let two = PageClient(server: server.url, origin: origin(server))
            try await one.waitFor(#""Count: 0""#)
            try await two.waitFor(#""Count: 0""#)
            #expect(server.openTabs == 2)
            let first = try #require(one.messages.first { $0.hasPrefix(#"{"t":"m","s":1"#) })
            let plus = try #require(first.firstMatch(of: /\["c",(\d+),"Button",\{"id":"plus"/)?.1)
            one.send(#"{"t":"press","s":1,"n":\#(plus)}"#)
            one.send(#"{"t":"press","s":1,"n":\#(plus)}"#)
            try await one.waitFor(#""Count: 2""#)
            two.send(#"{"t":"press","s":1,"n":\#(plus)}"#)
            try await two.waitFor(#""Count: 1""#)
            #expect(!two.messages.contains { $0.contains("Count: 2") })
            await one.close()
            await two.close()
            try await withTimeout { while server.openTabs > 0 || runtimes.alive > 0 { await Task.yield() } }
            #expect(runtimes.made.all.count == 2)
        }
    }

    @Test func aTabBeyondTheLimitIsToldTheServerIsBusy() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        try await withServer(bundle, configuration: .init(port: 0, maximumTabs: 1)) { server in
            let one = PageClient(server: server.url, origin: origin(server))
            try await one.waitFor(#""Count: 0""#)
            let two = PageClient(server: server.url, origin: origin(server))
            try await two.waitFor(#"{"t":"busy""#)
            try await two.waitForClose()
            await one.close()
        }
    }

    @Test func aSocketFromAnotherOriginIsRefused() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        try await withServer(bundle) { server in
            for origin in ["http://evil.example", nil] {
                let page = PageClient(server: server.url, origin: origin)
                try await page.waitForClose()
                #expect(page.messages.isEmpty)
                #expect(page.failure?.contains("upgrade") == true, "\(page.failure ?? "no failure")")
            }
            #expect(server.openTabs == 0)
        }
    }

    @Test func anExposedServerNeedsItsToken() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        var configuration = WebServer.Configuration(port: 0)
        configuration.token = "0123456789abcdef"
        try await withServer(bundle, configuration: configuration) { server in
            #expect(server.url.query == "token=0123456789abcdef")
            let base = "http://127.0.0.1:\(server.url.port!)"
            let client = try DevServerClient(baseURL: URL(string: base)!)
            let refused = try await client.send("GET", "/items/3")
            #expect(refused.status == 403)
            #expect(refused.text.contains("session token"))
            let page = try await client.send("GET", "/?token=0123456789abcdef")
            #expect(page.status == 200)
            #expect(page.text.contains("/lunar/lunar.js"))
            let cookie = page.headers.first { $0.name.lowercased() == "set-cookie" }?.value
            #expect(cookie?.hasPrefix("lunar-token=0123456789abcdef;") == true)
            let script = try await client.send("GET", "/lunar/lunar.js")
            #expect(script.status == 200)
            // The socket too: without the token, nothing; with it, the app.
            let without = PageClient(server: server.url, origin: base)
            try await without.waitForClose()
            #expect(without.messages.isEmpty)
            let with = PageClient(server: server.url, origin: base, query: "&token=0123456789abcdef")
            try await with.waitFor(#""Count: 0""#)
            await with.close()
        }
    }

    /// Issue 28: RFC 6455 says a server closes on an unmasked client frame (1002) and on a text
    /// message that is not UTF-8 (1007); both were read as messages.
    @Test(arguments: [("unmasked text", 1002), ("unmasked ping", 1002), ("invalid UTF-8", 1007)])
    func anUnmaskedFrameOrInvalidUTF8ClosesTheSocketWithItsCode(frame: String, code: Int) async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        try await withServer(bundle) { server in
            let page = PageClient(server: server.url, origin: origin(server))
            try await page.waitFor(#""Count: 0""#)
            switch frame {
            case "unmasked text": page.sendUnmasked(#"{"t":"ping","id":1}"#)
            case "unmasked ping": page.sendRaw(PageClient.frame(opcode: 9, Array("hello".utf8), masked: false))
            default: page.sendText(bytes: Array(#"{"t":"ping","id":"#.utf8) + [0xC3, 0x28] + Array("}".utf8))
            }
            try await page.waitForClose()
            #expect(page.closeCode == code)
            #expect(!page.messages.contains { $0.contains("pong") })
            // Another tab is not affected.
            let other = PageClient(server: server.url, origin: origin(server))
            try await other.waitFor(#""Count: 0""#)
            await other.close()
        }
    }

    /// A refusal's reason is logged as one line: a peer's text in it (an inspector's unknown
    /// message kind is quoted raw) cannot forge a log line.
    @Test func aRefusalIsLoggedAsOneShortLine() {
        let line = RefusalLog.oneLine("unknown message kind 'x\nlunar: warning: forged\u{2028}\r'")
        #expect(line == #"unknown message kind 'x\nlunar: warning: forged\u{2028}\r'"#)
        #expect(RefusalLog.oneLine(String(repeating: "y", count: 500)) == String(repeating: "y", count: 200) + "...")
    }

    /// Issue 28: `Host` is a bracketed IPv6 literal or a name, an optional `:port`, and nothing else.
    @Test func theHostHeaderIsReadStrictly() {
        let access = WebAccess(loopback: true, token: nil)
        for host in ["[::1]evil.example", "127.0.0.1:8080@evil.example", "[::1]:8080evil", "localhost:", "localhost:80:80",
                     "127.0.0.1 evil.example", "[::1", "[evil.example]", "localhost:8080/x", "127.0.0.1:123456"] {
            #expect(access.refusal(host: host, query: nil, cookie: nil) != nil, "\(host)")
        }
        for host in ["[::1]", "[::1]:80", "127.0.0.1", "localhost:65535"] {
            #expect(access.refusal(host: host, query: nil, cookie: nil) == nil, "\(host)")
        }
        let exposed = WebAccess(loopback: false, token: "abc")
        #expect(exposed.refusal(host: "10.0.0.2:80@evil.example", query: "token=abc", cookie: nil) != nil)
        #expect(exposed.refusal(host: "[fe80::1]:80", query: "token=abc", cookie: nil) == nil)
    }

    @Test func onLoopbackOnlyLoopbackNamesAreAnswered() {
        let access = WebAccess(loopback: true, token: nil)
        for host in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080", "LOCALHOST"] {
            #expect(access.refusal(host: host, query: nil, cookie: nil) == nil, "\(host)")
        }
        for host in ["attacker.example:8080", "127.0.0.1.evil.example", "", nil] as [String?] {
            #expect(access.refusal(host: host, query: nil, cookie: nil) != nil, "\(host ?? "none")")
        }
        #expect(access.socketRefusal(host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080", query: nil, cookie: nil) == nil)
        #expect(access.socketRefusal(host: "127.0.0.1:8080", origin: "http://localhost:8080", query: nil, cookie: nil) != nil)
        let exposed = WebAccess(loopback: false, token: "abc")
        #expect(exposed.refusal(host: "10.0.0.2:80", query: "token=abc", cookie: nil) == nil)
        #expect(exposed.refusal(host: "10.0.0.2:80", query: nil, cookie: "a=b; lunar-token=abc") == nil)
        #expect(exposed.refusal(host: "10.0.0.2:80", query: "token=abd", cookie: nil) != nil)
    }
}
