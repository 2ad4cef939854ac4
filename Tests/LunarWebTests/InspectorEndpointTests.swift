import Foundation
import LunarDevServer
import LunarTestSupport
@testable import LunarWeb
import Testing

/// `/devtools` and its WebSocket on a ``WebServer`` with an inspector: the page, the checks,
/// and the relay of messages (an echoing inspector stands for LunarDevtools, which the web
/// server knows nothing of).
@Suite(.timeLimit(.minutes(1))) struct InspectorEndpointTests {
    /// Answers each message with `echo:TEXT`, refuses `bad`, and tells `closed` of each closed
    /// connection (after the server let go of its place).
    final class EchoInspector: WebInspector {
        let (closed, closing) = AsyncStream<Void>.makeStream()
        final class Connection: WebInspectorConnection {
            let outbox: WebOutbox
            let closed: AsyncStream<Void>.Continuation
            init(outbox: WebOutbox, closed: AsyncStream<Void>.Continuation) {
                self.outbox = outbox
                self.closed = closed
            }
            func receive(_ text: String) async -> String? {
                if text == "bad" { return "bad is refused" }
                outbox.send("echo:" + text)
                return nil
            }
            func close() async { closed.yield() }
        }
        /// Returns once a connection has closed (its hooks would be gone).
        func waitForClose() async throws {
            let closed = self.closed
            try await withTimeout(20) {
                var iterator = closed.makeAsyncIterator()
                _ = await iterator.next()
            }
        }

        func connect(outbox: WebOutbox) async -> any WebInspectorConnection {
            outbox.send("hello")
            return Connection(outbox: outbox, closed: closing)
        }
    }

    @Test func anInspectorOnlyServerServesDevtoolsAndRelaysItsSocket() async throws {
        let inspector = EchoInspector()
        let running = try await WebServer(configuration: .init(port: 0), inspector: inspector).start()
        defer { Task { await running.stop() } }
        let base = "http://127.0.0.1:\(running.url.port!)"
        let client = try DevServerClient(baseURL: URL(string: base)!)
        let page = try await client.send("GET", "/devtools")
        #expect(page.status == 200)
        #expect(page.text.contains("/lunar/devtools.js"))
        // Another site cannot frame it (a click there would be a click here).
        #expect(page.headers[field: "X-Frame-Options"] == "DENY")
        #expect(page.headers[field: "Content-Security-Policy"] == "frame-ancestors 'none'")
        #expect(try await client.send("GET", "/lunar/devtools.js").status == 200)
        let elsewhere = try await client.send("GET", "/")
        #expect(elsewhere.status == 404)
        #expect(elsewhere.text.contains("/devtools"))
        // No app socket on an inspector-only server.
        let app = PageClient(server: running.url, origin: base)
        try await app.waitForClose()
        #expect(app.messages.isEmpty)

        let tools = PageClient(server: running.url, origin: base, endpoint: "/lunar/devtools/ws")
        try await tools.waitFor("hello")
        tools.send("ping")
        try await tools.waitFor("echo:ping")
        tools.send("bad")
        try await tools.waitFor(#"{"t":"refused","reason":"bad is refused"}"#)
        tools.send(String(repeating: "x", count: PageMessage.maximumBytes + 1))
        try await tools.waitFor("over the limit")
        tools.sendBinary([1, 2, 3])
        try await tools.waitFor("binary messages are not part of the protocol")
        tools.send("still here")
        try await tools.waitFor("echo:still here")
        await tools.close()
        try await inspector.waitForClose()
    }

    @Test func theInspectorSocketHasTheAppSocketsChecks() async throws {
        let inspector = EchoInspector()
        var configuration = WebServer.Configuration(port: 0)
        configuration.token = "0123456789abcdef"
        let running = try await WebServer(configuration: configuration, inspector: inspector).start()
        defer { Task { await running.stop() } }
        let base = "http://127.0.0.1:\(running.url.port!)"
        let client = try DevServerClient(baseURL: URL(string: base)!)
        #expect(try await client.send("GET", "/devtools").status == 403)
        #expect(try await client.send("GET", "/devtools?token=0123456789abcdef").status == 200)
        for (origin, query) in [("http://evil.example", "?token=0123456789abcdef"), (base, "")] {
            let tools = PageClient(server: running.url, origin: origin, endpoint: "/lunar/devtools/ws" + query)
            try await tools.waitForClose()
            #expect(tools.messages.isEmpty)
        }
        let allowed = PageClient(server: running.url, origin: base, endpoint: "/lunar/devtools/ws?token=0123456789abcdef")
        try await allowed.waitFor("hello")
        await allowed.close()
    }

    @Test func inspectorsAreBoundedLikeTabs() async throws {
        let inspector = EchoInspector()
        let running = try await WebServer(configuration: .init(port: 0, maximumTabs: 1), inspector: inspector).start()
        defer { Task { await running.stop() } }
        let base = "http://127.0.0.1:\(running.url.port!)"
        let first = PageClient(server: running.url, origin: base, endpoint: "/lunar/devtools/ws")
        try await first.waitFor("hello")
        let second = PageClient(server: running.url, origin: base, endpoint: "/lunar/devtools/ws")
        try await second.waitFor(#""t":"busy""#)
        try await second.waitForClose()
        await first.close()
        try await inspector.waitForClose()
        let third = PageClient(server: running.url, origin: base, endpoint: "/lunar/devtools/ws")
        try await third.waitFor("hello")
        await third.close()
    }
}
