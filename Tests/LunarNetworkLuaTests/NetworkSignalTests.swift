import Foundation
import LunarBridge
import LunarTestSupport
import Testing

/// `net.signal(req)` from Lua against a real HTTP server on 127.0.0.1: a cold signal of one send.
@Suite struct NetworkSignalTests {
    static func apiServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            switch request.path {
            case "/login": return .json(#"{"token":"t-42"}"#)
            case "/missing": return .json(#"{"error":"no such thing"}"#, status: 404)
            case "/count": return .json(#"{"n":\#(request.query?.split(separator: "=").last ?? "0")}"#)
            case "/never": return .never
            default: return .json(#"{"path":"\#(request.path)"}"#)
            }
        }
    }

    private func harness(_ server: LoopbackServer) async throws -> ScriptHarness {
        let harness = try await ScriptHarness.network()
        try await harness.run(#"require("lunar.net").config{ baseURL = "\#(server.baseURL)", timeout = 10 }"#)
        return harness
    }

    @Test func sendsWhenSubscribedThenSendsTheReformedResultAndCompletes() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            logins = net.signal(net.request{ path = "/login", reformer = function(json) return "token " .. json.token end })
            """)
        #expect(out == "")
        #expect(server.hits("/login") == 0, "a cold signal sends nothing before it is subscribed")
        let delivered = try await h.run("""
            logins:subscribe(function(v) print("next", v) end, function(e) print("error", e.kind) end, function() print("completed") end)
            logins:subscribe{ next = function(v) print("second", v) end }
            """)
        #expect(delivered.split(separator: "\n").sorted() == ["completed", "next\ttoken t-42", "second\ttoken t-42"])
        #expect(server.hits("/login") == 2, "each subscription sends the request once")
        #expect(h.errors.isEmpty)
    }

    @Test func failsWithTheErrorTable() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            net.signal(net.request{ path = "/missing" }):subscribe{
              next = function() print("next") end,
              error = function(e) print(e.kind, e.status, tostring(e)) end,
              completed = function() print("completed") end,
            }
            """)
        #expect(out.hasPrefix("http\t404\thttp: "))
        #expect(out.split(separator: "\n").count == 1, "an error ends the signal: no completion follows")
        #expect(h.errors.isEmpty)
    }

    @Test func anUnhandledFailureIsReported() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        try await h.run(#"require("lunar.net").signal(require("lunar.net").request{ path = "/missing" }):subscribe(function() end)"#)
        #expect(h.errors.count == 1)
        #expect(h.errors.first?.message.hasPrefix("unhandled signal error: ") == true, "\(h.errors)")
    }

    @Test func disposingCancelsTheRequest() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            net.accessory{ didStop = function(req) print("stopped", req.path) end }
            local subscription = net.signal(net.request{ path = "/never" }):subscribe{
              next = function() print("next") end,
              error = function(e) print("error", e.kind) end,
              completed = function() print("completed") end,
            }
            subscription:dispose()
            """)
        // The request stops (cancelled) without waiting for its 10 s timeout, and the
        // disposed subscriber hears nothing of it.
        #expect(out == "stopped\t/never\n")
        #expect(h.errors.isEmpty)
    }

    @Test func takeUntilALifetimeCancelsOnEnd() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            local signal = require("lunar.signal")
            local lifetime = signal.lifetime()
            net.accessory{ didStop = function(req) print("stopped", req.path) end }
            net.signal(net.request{ path = "/never" }):takeUntil(lifetime):subscribe{
              error = function(e) print("error", e.kind) end,
              completed = function() print("completed") end,
            }
            lifetime:dispose()
            """)
        #expect(out.split(separator: "\n").sorted() == ["completed", "stopped\t/never"])
    }

    @Test func worksAsACommandsRunFunction() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            local signal = require("lunar.signal")
            local count = signal.command{ run = function(n)
              return net.signal(net.request{ path = "/count", query = { n = n }, reformer = function(json) return json.n end })
            end }
            count.executing:subscribe(function(busy) print("executing", busy) end)
            count.values:subscribe(function(n) print("value", n) end)
            count:execute(7):subscribe{ completed = function() print("run completed", count.executing:get()) end }
            """)
        #expect(out == "executing\tfalse\nexecuting\ttrue\nvalue\t7\nrun completed\tfalse\nexecuting\tfalse\n"
            || out == "executing\tfalse\nexecuting\ttrue\nvalue\t7\nexecuting\tfalse\nrun completed\tfalse\n")
        #expect(server.hits("/count") == 1)
        #expect(h.errors.isEmpty)
    }

    @Test func refusesWhatIsNotARequest() async throws {
        let h = try await ScriptHarness.network()
        let out = try await h.run("""
            local ok, err = pcall(require("lunar.net").signal, { path = "/x" })
            print(ok, err)
            """)
        #expect(out == "false\tbad argument #1 to 'net.signal' (request, batch or chain expected, got table)\n")
    }
}
