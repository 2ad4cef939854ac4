import Foundation
import LunarDevServer
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarJSON
import LunarMockAPI
import LunarRuntime
import Testing

@Suite(.timeLimit(.minutes(1))) struct MockAPITests {
    static let login = """
        local accounts = { ann = "secret" }
        return function(request)
          local body = request.json or {}
          if accounts[body.account] == nil or accounts[body.account] ~= body.password then
            return { status = 401, body = { error = "wrong account or password" } }
          end
          return { body = { token = "token-" .. body.account }, headers = { ["X-Session"] = "1" } }
        end
        """

    @Test func staticAnswersByMethodAndPath() async throws {
        let bundle = try TemporaryBundle([
            "mock-api/GET/items.json": #"[{"id": 1}, {"id": 2}]"#,
            "mock-api/GET/items.response.json": #"{"status": 203, "headers": {"X-Total": "2"}}"#,
            "mock-api/POST/items.json": #"{"created": true}"#,
            "mock-api/GET/items/[id].json": #"{"id": "any"}"#,
            "mock-api/GET/items/7.json": #"{"id": 7}"#,
            "mock-api/GET/index.json": #"{"root": true}"#,
            "mock-api/ANY/health.json": #"{"ok": true}"#,
        ])
        defer { bundle.remove() }
        try await withMockAPIServer(bundle) { server, client in
            #expect(server.mockAPIURL.absoluteString == server.url.absoluteString + "api")
            let items = try await client.send("GET", "/api/items")
            #expect(items.status == 203)
            #expect(items.text == #"[{"id": 1}, {"id": 2}]"#)
            #expect(items.headers[field: "content-type"] == "application/json")
            #expect(items.headers[field: "x-total"] == "2")
            let created = try await client.send("POST", "/api/items", body: Array("{}".utf8))
            #expect(created.status == 200)
            #expect(created.text == #"{"created": true}"#)
            #expect(try await client.send("GET", "/api/items/7").text == #"{"id": 7}"#)
            #expect(try await client.send("GET", "/api/items/8").text == #"{"id": "any"}"#)
            #expect(try await client.send("GET", "/api/").text == #"{"root": true}"#)
            #expect(try await client.send("DELETE", "/api/health").text == #"{"ok": true}"#)
            let missing = try await client.send("DELETE", "/api/items")
            #expect(missing.status == 404)
            #expect(missing.text == "no mock for DELETE /items: add mock-api/DELETE/items.json or .lua\n")
            #expect(try await client.send("GET", "/api/items.response").status == 404)
            #expect(try await client.send("GET", "/api/../manifest.json").status == 400)
            #expect(try await client.send("GET", "/manifest.json").status == 404, "the mock API's server serves nothing else")
        }
    }

    @Test func luaHandlerChecksThePassword() async throws {
        let bundle = try TemporaryBundle(["mock-api/POST/login.lua": Self.login])
        defer { bundle.remove() }
        try await withMockAPIServer(bundle) { _, client in
            let json = [HeaderField("Content-Type", "application/json")]
            let wrong = try await client.send("POST", "/api/login", headers: json, body: Array(#"{"account": "ann", "password": "nope"}"#.utf8))
            #expect(wrong.status == 401)
            #expect(wrong.text == #"{"error":"wrong account or password"}"#)
            #expect(wrong.headers[field: "content-type"] == "application/json")
            let right = try await client.send("POST", "/api/login", headers: json, body: Array(#"{"account": "ann", "password": "secret"}"#.utf8))
            #expect(right.status == 200)
            #expect(right.text == #"{"token":"token-ann"}"#)
            #expect(right.headers[field: "x-session"] == "1")
            #expect(try await client.send("GET", "/api/login").status == 404)
        }
    }

    @Test func handlersSeeTheWholeRequest() async throws {
        let bundle = try TemporaryBundle(["mock-api/ANY/users/[id]/echo.lua": """
            local count = 0
            return function(request)
              count = count + 1
              return { body = {
                method = request.method, path = request.path, query = request.query,
                agent = request.headers["x-agent"], body = request.body, id = request.params.id,
                count = count, json = request.json,
              } }
            end
            """])
        defer { bundle.remove() }
        try await withMockAPIServer(bundle) { _, client in
            let reply = try await client.send(
                "PUT", "/api/users/42/echo?q=a%20b&n=1", headers: [HeaderField("X-Agent", "tests")], body: Array("plain".utf8))
            #expect(reply.status == 200)
            let echo = try JSONValue(parsing: reply.body)
            #expect(echo["method"] == "PUT")
            #expect(echo["path"] == "/users/42/echo")
            #expect(echo["query"] == ["q": "a b", "n": "1"])
            #expect(echo["agent"] == "tests")
            #expect(echo["body"] == "plain")
            #expect(echo["id"] == "42")
            #expect(echo["json"] == nil)
            #expect(echo["count"] == 1)
            // Top-level state lives on between requests to one handler.
            #expect(try JSONValue(parsing: try await client.send("GET", "/api/users/1/echo").body)["count"] == 2)
        }
    }

    @Test func handlerErrorsAre500WithFileAndLine() async throws {
        let bundle = try TemporaryBundle([
            "mock-api/POST/boom.lua": "return function(request)\n  local user = nil\n  return { body = user.name }\nend\n",
            "mock-api/GET/syntax.lua": "return function(request)\n  return {\nend\n",
            "mock-api/GET/top.lua": "error('cannot start')\n",
            "mock-api/GET/shape.lua": "return function() return 42 end\n",
            "mock-api/GET/sandbox.lua": "return function() return { body = io.open('/etc/passwd'):read('a') } end\n",
            "mock-api/GET/runaway.lua": "return function() while true do end end\n",
            "mock-api/GET/broken.json": "{ nope",
        ])
        defer { bundle.remove() }
        try await withMockAPIServer(bundle) { _, client in
            let boom = try await client.send("POST", "/api/boom")
            #expect(boom.status == 500)
            #expect(boom.text.hasPrefix("mock-api/POST/boom.lua:3: attempt to index a nil value (local 'user')"))
            #expect(boom.text.contains("stack traceback:"))
            let syntax = try await client.send("GET", "/api/syntax")
            #expect(syntax.status == 500)
            #expect(syntax.text.hasPrefix("mock-api/GET/syntax.lua:3:"))
            let top = try await client.send("GET", "/api/top")
            #expect(top.text.hasPrefix("mock-api/GET/top.lua:1: cannot start"))
            let shape = try await client.send("GET", "/api/shape")
            #expect(shape.status == 500)
            #expect(shape.text == "mock-api/GET/shape.lua: bad response: the handler returned number, not a table {status=, headers=, body=}\n")
            let sandbox = try await client.send("GET", "/api/sandbox")
            #expect(sandbox.status == 500)
            #expect(sandbox.text.contains("io.open is not available in the Lunar sandbox"))
            let runaway = try await client.send("GET", "/api/runaway")
            #expect(runaway.status == 500)
            #expect(runaway.text.contains("mock-api/GET/runaway.lua:1: instruction budget exceeded"))
            let broken = try await client.send("GET", "/api/broken")
            #expect(broken.status == 500)
            #expect(broken.text.hasPrefix("mock-api/GET/broken.json: not valid JSON"))
        }
    }

    /// Work inside a C library function (which Lua's instruction hook never sees) is charged
    /// to the handler's budget: the request fails with a 500 instead of the handler spinning on
    /// after its client has gone, and the handler answers the next request.
    @Test func aHandlerStuckInsideCIsStopped() async throws {
        let bundle = try TemporaryBundle([
            "mock-api/GET/move.lua": """
                local calls = 0
                return function(request)
                  calls = calls + 1
                  if request.query.stuck then table.move({}, 1, 2^40, 2) end
                  return { body = { calls = calls } }
                end
                """,
        ])
        defer { bundle.remove() }
        try await withMockAPIServer(bundle) { _, client in
            let stuck = try await client.send("GET", "/api/move?stuck=1")
            #expect(stuck.status == 500)
            #expect(stuck.text.hasPrefix("mock-api/GET/move.lua:4: instruction budget exceeded"), "\(stuck.text)")
            let next = try await client.send("GET", "/api/move")
            #expect(next.status == 200)
            #expect(try JSONValue(parsing: next.body)["calls"] == 2)
        }
    }

    @Test func editedHandlersAreReloaded() async throws {
        let bundle = try TemporaryBundle(["mock-api/GET/version.lua": "return function() return { body = 'one' } end\n"])
        defer { bundle.remove() }
        try await withMockAPIServer(bundle) { _, client in
            #expect(try await client.send("GET", "/api/version").text == "one")
            try bundle.write("mock-api/GET/version.lua", "return function() return { body = 'two!' } end\n")
            #expect(try await client.send("GET", "/api/version").text == "two!")
        }
    }

    @Test func aBundleWithoutMockAPIAnswers404() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        try await withMockAPIServer(bundle) { _, client in
            let reply = try await client.send("GET", "/api/items")
            #expect(reply.status == 404)
            #expect(reply.text == "this bundle has no mock-api/ directory\n")
        }
    }

    @Test func callableWithoutHTTP() async throws {
        let bundle = try TemporaryBundle(["mock-api/POST/login.lua": Self.login])
        defer { bundle.remove() }
        let api = MockAPI(root: bundle.root.appendingPathComponent("mock-api"))
        let answer = await api.respond(to: MockRequest(method: "post", path: "/login", body: Array(#"{"account": "bob"}"#.utf8)))
        #expect(answer.status == 401)
        #expect(answer.headers[field: "Content-Type"] == "application/json")
    }

    /// A handler file is bytes to Lua: a Latin-1 byte in a comment and in a string literal loads,
    /// and the byte reaches the response body as it is.
    @Test func aHandlerWithALatin1ByteLoads() async throws {
        let bundle = try TemporaryBundle()
        defer { bundle.remove() }
        try bundle.directory.write("mock-api/GET/cafe.lua", bytes: Data("-- caf".utf8) + Data([0xE9])
            + Data("\nreturn function() return { headers = { [\"content-type\"] = \"text/plain\" }, body = \"caf".utf8)
            + Data([0xE9]) + Data("\" } end\n".utf8))
        let api = MockAPI(root: bundle.root.appendingPathComponent("mock-api"))
        let answer = await api.respond(to: MockRequest(method: "get", path: "/cafe"))
        #expect(answer.status == 200)
        #expect(answer.body == Array("caf".utf8) + [0xE9])
    }
}

/// What a script sees when the mock API has no file for its request (issue 22).
@Suite(.timeLimit(.minutes(1))) struct MockAPIHintTests {
    @Test func aMissingMockFileNamesTheFileToAddInTheScriptsError() async throws {
        let bundle = try TemporaryBundle(["mock-api/GET/items.json": "[]"])
        defer { bundle.remove() }
        try await withMockAPIServer(bundle) { server, _ in
            var options = RuntimeOptions(clock: .realTime)
            options.apiBaseURL = server.mockAPIURL
            let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: options)
            _ = try await runtime.startHeadless()
            let out = try await runtime.withHost { _, state in
                try state.run("""
                    local net = require("lunar.net")
                    net.send(net.request{ path = "/users/7" }, function(result, err) ERR = err end)
                    """, name: "=test")
            }
            #expect(out.isEmpty)
            #expect(await runtime.wait(timeout: 10))
            let err = try await runtime.withHost { _, state in try state.run("return ERR.kind, ERR.status, ERR.message", name: "=test") }
            #expect(err == ["http", 404, "the server answered 404: no mock for GET /users/7: add mock-api/GET/users/7.json or .lua"])
        }
    }
}
