import Foundation
import LunarBridge
import LunarTestSupport
import Testing

/// `lunar.net` from Lua against a real HTTP server on 127.0.0.1.
@Suite struct NetworkScriptTests {
    /// A server answering the paths the tests use.
    static func apiServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            switch request.path {
            case "/items":
                return .json(#"{"code":0,"data":{"items":[{"id":1,"name":"Ada"},{"id":"2","title":"Grace"}]}}"#)
            case "/echo":
                let body = request.bodyText.replacingOccurrences(of: "\"", with: "'")
                return .json(#"{"method":"\#(request.method)","target":"\#(request.target)","body":"\#(body)","#
                    + #""type":"\#(request.headers["content-type"] ?? "")","client":"\#(request.headers["x-client"] ?? "")","#
                    + #""auth":"\#(request.headers["authorization"] ?? "")"}"#)
            case "/missing": return .json(#"{"error":"no such thing"}"#, status: 404)
            case "/broken": return .text("boom", status: 503)
            case "/malformed": return .json(#"{"name": "Ada", }"#)
            case "/slow": return .delayed(seconds: 0.2, .json(#"{"slow":true}"#))
            case "/never": return .never
            case "/big": return .json("[" + String(repeating: "1,", count: 500) + "1]")
            case "/truncated": return .truncated(declared: 100, body: Array(#"{"partial":"#.utf8))
            case "/login": return .json(#"{"token":"t-42"}"#)
            case "/profile": return .json(#"{"nick":"ada","auth":"\#(request.headers["authorization"] ?? "")"}"#)
            case "/count": return .json(#"{"n":\#(request.query?.split(separator: "=").last ?? "0")}"#)
            default: return .json(#"{"path":"\#(request.path)","query":"\#(request.query ?? "")"}"#)
            }
        }
    }

    private func harness(_ server: LoopbackServer) async throws -> ScriptHarness {
        let harness = try await ScriptHarness.network()
        try await harness.run(#"require("lunar.net").config{ baseURL = "\#(server.baseURL)", timeout = 10 }"#)
        return harness
    }

    @Test func successDeliversTheReformedResultAndInfo() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            local decode = require("lunar.decode")
            local req = net.request{
              path = "/items",
              reformer = function(json, info)
                return decode.array(decode.table(json, "data"), "items", function(item)
                  return { id = decode.integer(item, "id"), title = decode.string(item, "name", decode.string(item, "title")) }
                end)
              end,
            }
            net.send(req, function(items, err, info)
              assert(err == nil, tostring(err))
              print(#items, items[1].id, items[1].title, items[2].id, items[2].title)
              print(info.status, info.fromCache, info.headers["content-type"], info.url:match("/items$") ~= nil)
            end)
            """)
        #expect(out == "2\t1\tAda\t2\tGrace\n200\tfalse\tapplication/json\ttrue\n")
        #expect(h.errors.isEmpty)
    }

    @Test func callbackTableGetsFinishedOrFailed() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            net.send(net.request{ path = "/login" }, { finished = function(r, info) print("finished", r.token, info.status) end,
                                                       failed = function(e) print("failed", e.kind) end })
            net.send(net.request{ path = "/missing" }, { finished = function(r) print("finished") end,
                                                         failed = function(e) print("failed", e.kind, e.status) end })
            """)
        #expect(out.split(separator: "\n").sorted() == ["failed\thttp\t404", "finished\tt-42\t200"])
    }

    @Test func requestFieldsReachTheServer() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            net.config{ headers = { ["X-Client"] = "showcase/1.0" } }
            local function show(r, e) print(e and tostring(e) or (r.method .. " " .. r.target .. " " .. r.type .. " " .. r.body .. " " .. r.client .. " " .. r.auth)) end
            net.send(net.request{ method = "post", path = "/echo", query = { b = "x y", a = 2, tag = { "p", "q" } },
                                  body = { account = "ada", remember = true } }, show)
            """)
        #expect(out == "POST /echo?a=2&b=x%20y&tag=p&tag=q application/json {'account':'ada','remember':true} showcase/1.0 \n")
        let form = try await h.run("""
            local net = require("lunar.net")
            net.send(net.request{ method = "PUT", path = "/echo", body = { name = "a&b", n = 1.5 }, encoding = "form",
                                  headers = { ["X-Client"] = "override" }, auth = { user = "u", password = "p" } },
              function(r) print(r.method, r.type, r.body, r.client, r.auth) end)
            """)
        #expect(form == "PUT\tapplication/x-www-form-urlencoded\tn=1.5&name=a%26b\toverride\tBasic dTpw\n")
    }

    @Test func baseURLsPerRequestAndForTheCDN() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            net.config{ cdnURL = "\(server.baseURL)/cdn" }
            net.send(net.request{ path = "/logo", cdn = true }, function(r) print(r.path) end)
            """)
        let other = try await h.run("""
            local net = require("lunar.net")
            net.config{ baseURL = false }
            net.send(net.request{ path = "/v2/items", baseURL = "\(server.baseURL)/api" }, function(r) print(r.path) end)
            net.send(net.request{ path = "/items" }, function(r, e) print(e.kind) end)
            """)
        #expect(out == "/cdn/logo\n")
        #expect(other.split(separator: "\n").sorted() == ["/api/v2/items", "invalidRequest"])
    }

    @Test func httpErrorsCarryKindStatusAndBody() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            net.send(net.request{ path = "/missing" }, function(r, e)
              print(r, e.kind, e.status, e.body, e.url:match("/missing$") ~= nil, tostring(e))
              net.send(net.request{ path = "/broken" }, function(r, e) print(r, e.kind, e.status, e.body) end)
            end)
            """)
        #expect(out == "nil\thttp\t404\t{\"error\":\"no such thing\"}\ttrue\thttp: the server answered 404\nnil\thttp\t503\tboom\n")
    }

    @Test func malformedJSONIsADecodeError() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            net.send(net.request{ path = "/malformed" }, function(r, e) print(e.kind, e.status, e.body, e.message) end)
            """)
        #expect(out.hasPrefix("decode\t200\t{\"name\": \"Ada\", }\tthe body is not JSON: "))
        #expect(out.contains("at byte 16"))
    }

    @Test func brokenAndOversizedBodiesKeepTheirKinds() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            net.send(net.request{ path = "/big", maxBodySize = 100 }, function(r, e) print("big", e.kind) end)
            net.send(net.request{ path = "/big" }, function(r, e) print("big uncapped", #r) end)
            net.send(net.request{ path = "/truncated" }, function(r, e) print("truncated", e.kind) end)
            """)
        #expect(out.split(separator: "\n").sorted() == ["big\ttooLarge", "big uncapped\t501", "truncated\ttransport"])
    }

    @Test func timeoutAndRefusedConnection() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let refused = try LoopbackServer { _ in .json("{}") }
        refused.stop()  // nothing listens on that port any more
        let out = try await h.run("""
            local net = require("lunar.net")
            net.send(net.request{ path = "/never", timeout = 1 }, function(r, e) print(e.kind) end)
            net.send(net.request{ url = "\(refused.baseURL)/x" }, function(r, e) print(e.kind) end)
            """)
        #expect(out.split(separator: "\n").sorted() == ["offline", "timeout"])
    }

    @Test func cancelDeliversACancelledError() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let start = Date()
        let out = try await h.run("""
            local net = require("lunar.net")
            local req = net.request{ path = "/never" }
            net.send(req, function(r, e) print("callback", r, e.kind, e.message) end)
            print("cancel", req:cancel())
            print("again", req:cancel())
            """)
        #expect(out == "cancel\ttrue\nagain\tfalse\ncallback\tnil\tcancelled\tthe request was cancelled\n")
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func reformersRunGlobalThenRequestAndTheirErrorsAreReformErrors() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            net.config{ reformer = function(json, info) return { data = json, status = info.status } end }
            net.send(net.request{ path = "/login", reformer = { function(v) return v.data.token .. "@" .. v.status end,
                                                                function(s) return s:upper() end } },
              function(r, e) print(r, e) end)
            net.send(net.request{ path = "/login", reformer = function(v)
                error("no token field")
              end }, function(r, e) print(r, e.kind, e.message, e.status) end)
            """)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.contains("T-42@200\tnil"))
        #expect(lines.contains("nil\treform\ttest.lua:7: no token field\t200"))
        #expect(h.errors.isEmpty)
    }

    @Test func validateShapeAndFunction() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            local function show(tag) return function(r, e) print(tag, e and e.kind, e and e.message or "ok") end end
            net.send(net.request{ path = "/items", validate = { code = "number", data = { items = { { id = "number" } } } } }, show("shape"))
            net.send(net.request{ path = "/items", validate = { code = "number", data = { items = { { name = "string?" } } }, extra = "string?" } }, show("optional"))
            net.send(net.request{ path = "/items", validate = function(v) return v.code == 1, "code is " .. v.code end }, show("function"))
            net.send(net.request{ path = "/items", validate = function(v) error("cannot check") end }, show("raising"))
            """)
        let lines = Set(out.split(separator: "\n").map(String.init))
        #expect(lines == [
            "shape\tvalidation\t$.data.items[2].id: expected number, got string",
            "optional\tnil\tok",
            "function\tvalidation\tcode is 0",
            "raising\tvalidation\ttest.lua:6: cannot check",
        ])
    }

    @Test func shapesFollowTheOneRuleForAnyOptionalAndNull() async throws {
        let server = try LoopbackServer { _ in .json(#"{"nick":null,"tags":["a",null],"n":1}"#) }
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            local function show(tag) return function(r, e) print(tag, e and e.message or "ok") end end
            net.send(net.request{ path = "/a", validate = { id = "any" } }, show("any missing"))
            net.send(net.request{ path = "/b", validate = { nick = "any", n = "any?", gone = "any?" } }, show("any null"))
            net.send(net.request{ path = "/c", validate = { nick = "string" } }, show("null string"))
            net.send(net.request{ path = "/d", validate = { nick = "string?", tags = { "string?" } } }, show("optional"))
            net.send(net.request{ path = "/e", validate = { tags = { "string" } } }, show("null element"))
            """)
        #expect(Set(out.split(separator: "\n").map(String.init)) == [
            "any missing\t$.id: missing",
            "any null\tok",
            "null string\t$.nick: expected string, got null",
            "optional\tok",
            "null element\t$.tags[2]: expected string, got null",
        ])
    }

    @Test func nestedBatchesAndChainsNameTheOuterMemberAndJSONBodiesUseTheCodec() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            local json = require("lunar.json")
            local inner = net.chain(net.request{ path = "/login" }, net.request{ path = "/missing" })
            net.send(net.batch{ net.request{ path = "/login" }, net.batch{ net.request{ path = "/count", query = { n = 2 } }, inner } },
              function(results, err) print("nested", results, err.kind, err.status, err.index) end)
            net.send(net.batch{ net.request{ path = "/login" }, net.chain(net.request{ path = "/login" }, function(login)
                return net.request{ path = "/profile", headers = { Authorization = login.token } } end) },
              function(results, err) print("ok", err, results[1].token, #results[2], results[2][2].auth) end)
            net.send(net.request{ method = "POST", path = "/echo", body = { none = json.null, list = json.array() } },
              function(r) print("body", r.body) end)
            """)
        #expect(Set(out.split(separator: "\n").map(String.init)) == [
            "nested\tnil\thttp\t404\t2",
            "ok\tnil\tt-42\t2\tt-42",
            "body\t{'list':[],'none':null}",
        ])
        let refused = try await h.run("""
            local net = require("lunar.net")
            local bad = net.request{ path = "/login" }
            bad.headers = { ["Bad Name"] = "1" }
            print(select(2, pcall(function() net.send(net.batch{ net.request{ path = "/slow" }, bad }, print) end)))
            """)
        #expect(refused.hasPrefix("test.lua:4: bad argument #1 to 'net.send' (field 'headers': header name \"Bad Name\" has a space"))
        #expect(server.hits("/slow") == 0, "nothing in a batch is sent when one of its requests cannot be read")
    }

    @Test func badRequestTablesRaiseAtTheCallersLine() async throws {
        let h = try await ScriptHarness.network()
        let out = try await h.run("""
            local net = require("lunar.net")
            print(select(2, pcall(net.request, { methd = "GET", path = "/" })))
            print(select(2, pcall(function() local r = net.request{ method = "FETCH", path = "/" } end)))
            print(select(2, pcall(function() local r = net.request{ path = "/", body = { f = print } } end)))
            print(select(2, pcall(function() local r = net.request{ path = "/", validate = { id = "integer" } } end)))
            print(select(2, pcall(function() local r = net.send({ path = "/" }, print) end)))
            print(select(2, pcall(function() net.config{ baseURL = "not a url" } end)))
            """)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines == [
            "bad argument #1 to 'net.request' (unknown field 'methd' in a request)",
            "test.lua:3: bad argument #1 to 'net.request' (field 'method': unknown method 'FETCH' (GET, POST, PUT, DELETE, PATCH, HEAD))",
            "test.lua:4: bad argument #1 to 'net.request' (field 'body': cannot encode a function value at $.f)",
            "test.lua:5: bad argument #1 to 'net.request' (field 'validate': $.id: unknown type 'integer' (string, number, boolean, table, array, any; '?' for optional))",
            "test.lua:6: bad argument #1 to 'net.send' (request, batch or chain expected, got table)",
            "test.lua:7: bad argument #1 to 'net.config' (field 'baseURL': 'not a url' is not an absolute URL)",
        ])
    }

    @Test func batchDeliversEveryResultInOrder() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            local batch = net.batch{ net.request{ path = "/slow" }, net.request{ path = "/login" },
                                     net.request{ path = "/count", query = { n = 1 }, reformer = function(v) return v.n end } }
            net.send(batch, function(results, err, infos)
              print(err, results[1].slow, results[2].token, #infos, infos[3].status)
            end)
            net.send(net.batch{}, function(results, err) print("empty", #results, err) end)
            """)
        #expect(out.split(separator: "\n").sorted() == ["empty\t0\tnil", "nil\ttrue\tt-42\t3\t200"])
    }

    @Test func batchFailureCancelsTheOthers() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let start = Date()
        let out = try await h.run("""
            local net = require("lunar.net")
            net.config{ timeout = 30 }
            stops = {}
            net.accessory{ didStop = function(req) stops[#stops + 1] = req.path end }
            local batch = net.batch{ net.request{ path = "/never" }, net.request{ path = "/missing" }, net.request{ path = "/never" } }
            net.send(batch, function(results, err)
              print(results, err.kind, err.status, err.index)
            end)
            """)
        let stops = try await h.run("table.sort(stops) print(table.concat(stops, ' '))")
        #expect(stops == "/missing /never /never\n")
        #expect(out == "nil\thttp\t404\t2\n")
        #expect(Date().timeIntervalSince(start) < 8)
    }

    @Test func chainFeedsEachStepTheLastResult() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            local chain = net.chain(net.request{ method = "POST", path = "/login" }, function(login, results)
              return net.request{ path = "/profile", headers = { Authorization = "Bearer " .. login.token } }
            end, net.request{ path = "/count", query = { n = 3 } })
            net.send(chain, function(results, err, infos)
              print(err, #results, results[2].nick, results[2].auth, results[3].n, infos[1].status)
            end)
            net.send(net.chain(net.request{ path = "/login" }, function() return nil end, net.request{ path = "/never" }),
              function(results, err) print("stopped early", #results, err) end)
            net.send(net.chain(net.request{ path = "/login" }, net.request{ path = "/missing" }, net.request{ path = "/never" }),
              function(results, err) print("failed", results, err.kind, err.index) end)
            net.send(net.chain(net.request{ path = "/login" }, function() error("bad step") end),
              function(results, err) print("step error", err.kind, err.message, err.index) end)
            """)
        #expect(Set(out.split(separator: "\n").map(String.init)) == [
            "nil\t3\tada\tBearer t-42\t3\t200",
            "stopped early\t1\tnil",
            "failed\tnil\thttp\t2",
            "step error\treform\ttest.lua:12: bad step\t2",
        ])
    }

    @Test func accessoriesRunGlobalThenRequestInHookOrder() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            log = {}
            local function recorder(name)
              local function hook(event) return function(req) log[#log + 1] = name .. " " .. event .. " " .. req.path end end
              return { willStart = hook("willStart"), willStop = hook("willStop"), didStop = hook("didStop") }
            end
            accessory = net.accessory(recorder("A"))
            net.accessory(recorder("B"))
            local req = net.request{ path = "/login", accessories = { recorder("C") } }
            net.send(req, function() log[#log + 1] = "callback" end)
            """)
        #expect(out == "")
        let first = try await h.run("print(table.concat(log, '\\n'))")
        #expect(first == """
            A willStart /login
            B willStart /login
            C willStart /login
            A willStop /login
            B willStop /login
            C willStop /login
            callback
            A didStop /login
            B didStop /login
            C didStop /login

            """)
        let removed = try await h.run("""
            print("remove", accessory:remove(), accessory:remove())
            log = {}
            local net = require("lunar.net")
            net.send(net.request{ path = "/login" }, function() end)
            """)
        #expect(removed == "remove\ttrue\tfalse\n")
        let second = try await h.run("print(table.concat(log, ','))")
        #expect(second == "B willStart /login,B willStop /login,B didStop /login\n")
    }

    @Test func errorsInHooksAndCallbacksAreReportedAndTheRequestCarriesOn() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            net.accessory{ willStart = function() error("hook broke") end }
            net.send(net.request{ path = "/login" }, function(r)
              print("delivered", r.token)
              error("callback broke")
            end)
            """)
        #expect(out == "delivered\tt-42\n")
        #expect(h.errors.map(\.message) == ["test.lua:2: hook broke", "test.lua:5: callback broke"])
    }

    @Test func urlFiltersRunInOrder() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            net.config{ filters = {
              { version = "3", page = "9" },
              function(url, req) return url .. "&sig=" .. #req.path end,
              function(url) error("filter broke") end,
            } }
            net.send(net.request{ path = "/filtered", query = { page = 1 } }, function(r) print(r.query) end)
            """)
        #expect(out == "page=1&version=3&sig=9\n")
        #expect(h.errors.map(\.message) == ["test.lua:5: filter broke"])
    }

    @Test func cacheAnswersFromDiskAndDropsWhatTheLuaStagesReject() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            local req = net.request{ path = "/count", query = { n = 5 }, cache = 60 }
            net.send(req, function(r, e, info)
              print("first", r.n, info.fromCache)
              net.send(req, function(r, e, info)
                print("second", r.n, info.fromCache)
                req.cacheVersion = 2
                net.send(req, function(r, e, info) print("new version", info.fromCache) end)
              end)
            end)
            """)
        #expect(out == "first\t5\tfalse\nsecond\t5\ttrue\nnew version\tfalse\n")
        #expect(server.hits("/count") == 2)
        let rejected = try await h.run("""
            local net = require("lunar.net")
            local req = net.request{ path = "/login", cache = 60, validate = { token = "number" } }
            net.send(req, function(r, e)
              print(e.kind)
              net.send(req, function(r, e) print(e.kind) end)
            end)
            """)
        #expect(rejected == "validation\nvalidation\n")
        #expect(server.hits("/login") == 2)
    }

    @Test func tiedRequestsAreCancelledWhenTheLifetimeEnds() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            -- Any object with add(disposable) is a lifetime; a screen's closes with it.
            local lifetime = { items = {} }
            function lifetime:add(d) self.items[#self.items + 1] = d end
            function lifetime:dispose() for _, d in ipairs(self.items) do d:dispose() end end
            local req = net.request{ path = "/never" }:tie(lifetime)
            net.send(req, function(r, e) print("first", e.kind) end)
            lifetime:dispose()
            net.send(req, function(r, e) print("after end", e.kind) end)
            print(pcall(function() local r = net.request{ path = "/" }:tie(42) end))
            """)
        #expect(out == "false\ttest.lua:10: bad argument #1 to 'tie' (lifetime with an add method expected, got number)\nfirst\tcancelled\nafter end\tcancelled\n")
    }

    @Test func progressReportsBytes() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let h = try await harness(server)
        let out = try await h.run("""
            local net = require("lunar.net")
            local last
            net.send(net.request{ path = "/login" }, { progress = function(received, expected) last = received .. "/" .. tostring(expected) end,
                                                      finished = function() print(last) end })
            """)
        #expect(out == "16/16\n")
    }
}
