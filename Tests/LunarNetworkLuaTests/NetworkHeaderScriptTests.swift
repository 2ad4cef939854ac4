import Foundation
import LunarBridge
import LunarTestSupport
import Testing

/// Issue 23 item 5 from Lua: a header that could smuggle another header or request raises at the
/// script's line, wherever it is set, and nothing reaches the server.
@Suite struct NetworkHeaderScriptTests {
    @Test func badHeadersRaiseAtTheCallersLineAndSendNothing() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let h = try await ScriptHarness.network()
        let out = try await h.run(#"""
            local net = require("lunar.net")
            net.config{ baseURL = "\#(server.baseURL)" }
            print(select(2, pcall(function() local r = net.request{ path = "/", headers = { ["X-A: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nX-B"] = "1" } } end)))
            print(select(2, pcall(function() local r = net.request{ path = "/", headers = { ["X-Note"] = "a\r\nX-Injected: 1" } } end)))
            print(select(2, pcall(function() net.config{ headers = { ["X-Client\n"] = "1" } } end)))
            print(select(2, pcall(function() net.config{ headers = { ["X-Client"] = "a\0b" } } end)))
            local req = net.request{ path = "/later" }
            req.headers = { ["Bad Name"] = "1" }
            print(select(2, pcall(function() net.send(req, print) end)))
            """#)
        let lines = out.split(separator: "\n").map(String.init)
        let tokens = "(RFC 9110 tokens: letters, digits and !#$%&'*+-.^_`|~)"
        #expect(lines == [
            #"test.lua:3: bad argument #1 to 'net.request' (field 'headers': header name "X-A: 1\r\n\r\nGET /smuggled HTTP/1.1\r\nX-B" has the character ":" (U+3A), which a header name cannot hold \#(tokens))"#,
            #"test.lua:4: bad argument #1 to 'net.request' (field 'headers': the value of header "X-Note" has a carriage return (CR), which a header value cannot hold)"#,
            #"test.lua:5: bad argument #1 to 'net.config' (field 'headers': header name "X-Client\n" has a line feed (LF), which a header name cannot hold \#(tokens))"#,
            #"test.lua:6: bad argument #1 to 'net.config' (field 'headers': the value of header "X-Client" has a NUL, which a header value cannot hold)"#,
            #"test.lua:9: bad argument #1 to 'net.send' (field 'headers': header name "Bad Name" has a space, which a header name cannot hold \#(tokens))"#,
        ], "\(out)")
        #expect(server.connectionCount == 0)
        #expect(h.errors.isEmpty)
    }
}
