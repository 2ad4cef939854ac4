import LunarBridge
import LunarRouter
import Testing

@testable import LunarRuntime

/// `lunar.router` from Lua: every routing rule, through a state set up as `lunar exec` sets it up.
@Suite struct RouterModuleTests {
    @Test func handlerGetsVariablesQueryItemsAndTheMatch() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local seen
            router.add("/user/:id/posts/:post#", function(params, match) seen = { params = params, match = match } end)
            local opened = router.open("myapp://user/42/posts/7?tag=a&tag=b&sort=new&flag")
            local p, m = seen.params, seen.match
            router.open("/user/1/posts/9%23")   -- an encoded '#' is data (only a literal trailing one is dropped)
            return opened, p.id, p.post, p.sort, #p.tag, p.tag[1], p.tag[2], p.flag,
              m.pattern, m.url, m.scheme, m.wildcard, seen.params.post, router.canOpen("/USER/1/posts/2")
            """)
        #expect(r == [
            true, "42", "7", "new", 2, "a", "b", nil, "/user/:id/posts/:post#",
            "myapp://user/42/posts/7?tag=a&tag=b&sort=new&flag", nil, nil, "9#", false,
        ])
    }

    @Test func laterSourcesWinAndExtraValuesArriveUnchanged() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local got
            router.add("/item/:id", function(params) got = params end)
            local payload, done = { n = 1 }, function() return "done" end
            router.open("/item/1?id=9&source=query&page=2", { page = 5, payload = payload, done = done, on = true })
            return got.id, got.source, got.page, math.type(got.page), got.payload == payload, got.done(), got.on
            """)
        #expect(r == ["1", "query", 5, "integer", true, "done", true])
    }

    @Test func onlyAnExplicitFalseContinuesMatching() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local calls = {}
            router.add("/a/:x", function(params) calls[#calls + 1] = "declines"; return false end)
            router.add("/a/:x", function(params) calls[#calls + 1] = "returns nil" end)
            router.add("/a/:x", function(params) calls[#calls + 1] = "never" end)
            router.add("/b", function() calls[#calls + 1] = "b declines"; return false end)
            router.add("/c", function() calls[#calls + 1] = "c returns 0"; return 0 end)
            local a = router.open("/a/1")
            local b = router.open("/b")
            local c = router.open("/c")
            return a, b, c, table.concat(calls, ",")
            """)
        #expect(r == [true, false, true, "declines,returns nil,b declines,c returns 0"])
    }

    @Test func priorityThenRegistrationOrder() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local order = {}
            local function record(name) return function() order[#order + 1] = name; return false end end
            router.add("/p/:x", record("low"), { priority = -1 })
            router.add("/p/:x", record("first default"))
            router.add("/p/*", record("high"), { priority = 10 })
            router.add("/p/:x", record("second default"))
            router.add("/p/static", record("mid"), { priority = 5 })
            router.open("/p/static")
            return table.concat(order, ",")
            """)
        #expect(r == ["high,mid,first default,second default,low"])
    }

    @Test func optionalGroupsExpandLongestFirst() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local last
            router.add("/search(/:query)(/:page)", function(params, match)
              last = match.pattern .. " query=" .. tostring(params.query) .. " page=" .. tostring(params.page)
            end)
            local out = {}
            for _, url in ipairs { "/search", "/search/swift", "/search/swift/2" } do
              router.open(url)
              out[#out + 1] = last
            end
            return table.unpack(out)
            """)
        #expect(r == [
            "/search query=nil page=nil",
            "/search/:query query=swift page=nil",
            "/search/:query/:page query=swift page=2",
        ])
    }

    @Test func wildcardComponentsArriveAsASequence() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local lists = {}
            router.add("/callBack/*", function(params, match) lists[#lists + 1] = match.wildcard end)
            router.open("/callBack/login/ok%20now/a+b")
            router.open("/callBack")
            return #lists, table.concat(lists[1], "|"), #lists[2]
            """)
        #expect(r == [2, "login|ok now|a b", 0])
    }

    @Test func hostPathAndFragmentRules() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local got = {}
            router.add("/navPush/:screen", function(params) got[#got + 1] = params.screen .. ":" .. tostring(params.tab) end)
            router.add("/", function() got[#got + 1] = "root" end)
            router.add("/page#/tab/:name", function(params) got[#got + 1] = "tab " .. params.name end)
            router.open("myapp://navPush/a")                 -- the host is a component
            router.open("https://example.com/navPush/b")     -- a host with a dot is not
            router.open("http://localhost:8081/navPush/c")   -- nor is localhost
            router.open("//navPush///d/#tab=2")              -- slashes forgiven; fragment items merge into params
            router.open("myapp://")                          -- an empty path matches /
            router.open("/page#/tab/two")                    -- a fragment path is matched after '#'
            return table.concat(got, ",")
            """)
        #expect(r == ["a:nil,b:nil,c:nil,d:2,root,tab two"])
    }

    @Test func schemesAndFallback() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local log = {}
            local own = router.add("/thing", function(params, match) log[#log + 1] = "myapp " .. match.scheme end, { scheme = "myapp" })
            router.add("/thing", function(params, match) log[#log + 1] = "global " .. tostring(match.scheme) end)
            router.add("/other", function() log[#log + 1] = "global other" end)
            router.open("MyApp://thing")          -- scheme names are case-insensitive
            router.open("web://thing")            -- no routes for 'web': the global routes answer
            local before = router.open("myapp://other")   -- myapp has routes and no fallback
            router.scheme("myapp", { fallbackToGlobal = true })
            local after = router.open("myapp://other")
            return table.concat(log, ","), before, after, own.scheme, router.canOpen("myapp://other")
            """)
        #expect(r == ["myapp myapp,global nil,global other", false, true, "myapp", true])
    }

    @Test func unmatchedHandlerAndCanOpen() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local calls, missed = 0, {}
            router.add("/known/:id", function() calls = calls + 1; return false end)
            router.unmatched(function(url, params) missed[#missed + 1] = url .. " q=" .. tostring(params.q) .. " x=" .. tostring(params.x) end)
            local can = router.canOpen("/known/1")          -- matches even though the handler would decline
            local cannot = router.canOpen("/unknown")
            local opened = router.open("/known/2?q=1")      -- declined by every handler: unmatched
            router.open("/unknown?q=2", { x = "extra" })
            router.unmatched(nil)
            router.open("/unknown")
            return can, cannot, calls, opened, table.concat(missed, ";")
            """)
        #expect(r == [true, false, 1, false, "/known/2?q=1 q=1 x=nil;/unknown?q=2 q=2 x=extra"])
    }

    @Test func removingRoutes() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local route = router.add("/search(/:q)", function() end)
            local first, again = route:remove(), route:remove()
            local gone = router.canOpen("/search") or router.canOpen("/search/x")
            router.add("/users/:id", function() end)
            router.add("users//:id/", function() end)
            router.add("/users/:id", function() end, { scheme = "myapp" })
            local byPattern = router.remove("users/:id/")           -- canonical form: both global ones
            local global = router.canOpen("/users/1")
            local scoped = router.canOpen("myapp://users/1")
            local scopedRemoved = router.remove("/users/:id", { scheme = "myapp" })
            local nothing = router.remove("/users/:id")
            local unparsable = router.remove("/a/(b")
            -- a handler removing its own route: handled once, then gone
            local count = 0
            local once
            once = router.add("/once", function() count = count + 1; once:remove() end)
            router.open("/once"); router.open("/once")
            return first, again, gone, byPattern, global, scoped, scopedRemoved, router.canOpen("myapp://users/1"),
              nothing, unparsable, count, route.pattern, route.priority
            """)
        #expect(r == [true, false, false, true, false, true, true, false, false, false, 1, "/search(/:q)", 0])
    }

    @Test func options() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local got = {}
            router.add("/q/:v", function(params) got[#got + 1] = params.v .. "|" .. params.w end)
            router.add("/example.com/:v", function(params) got[#got + 1] = "host " .. params.v end)
            local defaults = router.options()
            router.open("/q/a+b?w=c+d")
            local changed = router.options { decodePlus = false }
            router.open("/q/a+b?w=c+d")
            local hostMissed = router.open("https://example.com/x")
            router.options { hostAsPath = true }
            router.open("https://example.com/x")
            local now = router.options()
            return defaults.decodePlus, defaults.hostAsPath, changed.decodePlus, hostMissed,
              now.decodePlus, now.hostAsPath, table.concat(got, ",")
            """)
        #expect(r == [true, false, false, false, false, true, "a b|c d,a+b|c+d,host x"])
    }

    @Test func buildingURLsAndQueryStrings() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            return router.url("/navPush/:screen", { "profile" }, { id = 3, tab = "a b", tags = { "x", "y&z" } }),
              router.url("/search(/:query)(/:page)", { "swift", 2 }),
              router.url("/search(/:query)(/:page)", { "swift" }),
              router.url("/callBack/:id/*", { 7, "a/b", "c" }),
              router.url("/ratio/:r", { 1.5 }),
              router.queryString { b = 2, a = { "x", "y" }, ["k y"] = "v=1", t = true },
              router.queryString {}
            """)
        #expect(r == [
            "/navPush/profile?id=3&tab=a%20b&tags=x&tags=y%26z",
            "/search/swift/2",
            "/search/swift",
            "/callBack/7/a%2Fb/c",
            "/ratio/1.5",
            "a=x&a=y&b=2&k%20y=v%3D1&t=true",
            "",
        ])
    }

    @Test func builtURLsRouteBackToTheSameValues() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local got
            router.add("/user/:name/*", function(params, match) got = params.name .. "|" .. table.concat(match.wildcard, "|") .. "|" .. params.note end)
            router.open(router.url("/user/:name/*", { "Zoë Ä", "a/b", "c+d" }, { note = "100% sure" }))
            return got
            """)
        #expect(r == ["Zoë Ä|a/b|c+d|100% sure"])
    }

    @Test func parsingQueryStrings() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local whole = router.parseQuery("myapp://x/y?a=1&b=2&b=3&empty&sp=a+b#c=4")
            local bare = router.parseQuery("k=%E2%9C%93&broken=%zz")
            router.options { decodePlus = false }
            local plain = router.parseQuery("sp=a+b")
            return whole.a, whole.b[1], whole.b[2], whole.empty, whole.sp, whole.c, bare.k, bare.broken, plain.sp
            """)
        #expect(r == ["1", "2", "3", nil, "a b", "4", "✓", "%zz", "a+b"])
    }

    @Test func handlerErrorsAreReportedWithFileAndLineAndOpenReturnsFalse() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            router.add("/boom", function(params)
              local t = nil
              return t.field
            end)
            router.unmatched(function(url) error("unmatched failed for " .. url) end)
            local first = router.open("/boom")
            router.unmatched(nil)
            router.add("/fine", function() end)
            return first, router.open("/fine")
            """)
        #expect(r == [false, true])
        let reports = await lua.reportedErrors()
        #expect(reports.count == 2)
        #expect(reports.first?.hasPrefix("routes.lua:4: attempt to index a nil value") == true, "\(reports)")
        #expect(reports.first?.contains("stack traceback:") == true)
        #expect(reports.last?.hasPrefix("routes.lua:6: unmatched failed for /boom") == true, "\(reports)")
    }

    @Test func aFailingHandlerLetsALaterRouteHandleTheURL() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            router.add("/x", function() error({ code = 7 }) end, { priority = 1 })
            router.add("/x", function() return true end)
            return router.open("/x")
            """)
        #expect(r == [true])
        #expect(await lua.reportedErrors().count == 1)
    }

    @Test func badURLsGiveACleanFalse() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local hits = 0
            router.add("/a/:v", function() hits = hits + 1 end)
            local huge = "/a/" .. string.rep("x", 1024 * 1024)
            local results = {
              router.open(""), router.canOpen(""),
              router.open("/a/%zz%"), router.open("/a/%E2%82"), router.open("/a/ümlaut"), router.open(huge),
              router.open("::::"), router.open("/a/b\\n"), router.open("?only=query"), router.open("#"),
              router.open("http://[::1"), router.open("a:b:c/d"),
            }
            local out = {}
            for i = 1, 12 do out[i] = tostring(results[i]) end
            return table.concat(out, ","), hits
            """)
        #expect(r == ["false,false,true,true,true,true,false,false,false,false,false,false", 4])
    }

    @Test func oddPatternsAndBadArgumentsRaiseClearErrors() async throws {
        let lua = try await LuaRouterHarness()
        let r = try await lua.run("""
            local router = require("lunar.router")
            local function try(f, ...) local ok, e = pcall(f, ...); return ok and "ok" or e end
            local nop = function() end
            return
              try(function() router.add("", nop) end),
              try(function() router.add("/a/(b", nop) end),
              try(function() router.add("/a/*/b", nop) end),
              try(function() router.add("/a/:", nop) end),
              try(function() router.add("/a?b=1", nop) end),
              try(function() router.add("/a", "not a function") end),
              try(function() router.add("/a", nop, { priority = 1.5 }) end),
              try(function() router.add("/a", nop, { prio = 1 }) end),
              try(function() router.add("/a", nop, { scheme = "1bad" }) end),
              try(function() router.open("/a", { [1] = "x" }) end),
              try(function() router.open(nil) end),
              try(function() router.open("\\xff") end),
              try(function() router.url("/a/:id") end),
              try(function() router.url("/a", { "extra" }) end),
              try(function() router.url("/a/:id", { id = 1 }) end),
              try(function() router.url("/a/:id", { {} }) end),
              try(function() router.queryString { a = { b = 1 } } end),
              try(function() router.queryString { "x" } end),
              try(function() router.scheme("my app") end),
              try(function() router.options { decodePlus = "yes" } end)
            """)
        let messages = r.map { $0.stringValue ?? "" }
        let expected = [
            "routes.lua:5: route pattern is empty",
            "routes.lua:6: route pattern '/a/(b' has an unbalanced parenthesis",
            "routes.lua:7: route pattern '/a/*/b' has a '*' that is not its last component",
            "routes.lua:8: route pattern '/a/:' has a ':' without a variable name",
            "routes.lua:9: route pattern '/a?b=1' contains '?'; query items are not part of a pattern",
            "routes.lua:10: bad argument #2 to 'router.add' (function expected, got string)",
            "routes.lua:11: bad argument #3 to 'router.add' (option 'priority' must be an integer, got number 1.5)",
            "routes.lua:12: bad argument #3 to 'router.add' (unknown option 'prio'; known options: priority, scheme)",
            "routes.lua:13: '1bad' is not a valid URL scheme",
            "routes.lua:14: bad argument #2 to 'router.open' (extra parameter names must be strings, got a number key)",
            "routes.lua:15: bad argument #1 to 'router.open' (string expected, got nil)",
            "routes.lua:16: bad argument #1 to 'router.open' (string is not valid UTF-8)",
            "routes.lua:17: no value for ':id' in route pattern '/a/:id'",
            "routes.lua:18: route pattern '/a' has no place for 1 of the values given",
            "routes.lua:19: bad argument #2 to 'router.url' (positional values must be a sequence)",
            "routes.lua:20: bad argument #2 to 'router.url' (value 1 must be a string, number or boolean, got table)",
            "routes.lua:21: bad argument #1 to 'router.queryString' (query value 'a' must be a string, number, boolean or a sequence of them, got table)",
            "routes.lua:22: bad argument #1 to 'router.queryString' (query keys must be strings, got a sequence)",
            "routes.lua:23: 'my app' is not a valid URL scheme",
            "routes.lua:24: bad argument #1 to 'router.options' (option 'decodePlus' must be a boolean, got string)",
        ]
        #expect(messages.count == expected.count)
        for (message, expectation) in zip(messages, expected) {
            #expect(message == expectation)
        }
        // Nothing was registered by a refused call.
        #expect(try await lua.run("return require('lunar.router').canOpen('/a')") == [false])
    }

    @Test func luaAndSwiftShareTheStatesRouter() async throws {
        let lua = try await LuaRouterHarness()
        // A Swift route (as the runtime's /navPush/:screen) gets Lua strings as text, other values as LuaValue.
        try await lua.withRouter { router, _ in
            _ = try router.add("/swift/:screen") { match in
                match.parameters["from"]?.stringValue == "lua"
                    && (match.parameters["count"]?.opaqueValue as? LuaValue) == .integer(2)
            }
        }
        let fromLua = try await lua.run("return require('lunar.router').open('/swift/home', { from = 'lua', count = 2 })")
        #expect(fromLua == [true])
        // A Lua route opened from Swift gets opaque LuaValues as themselves.
        try await lua.run("""
            require("lunar.router").add("/lua/:id", function(params) seen = params.id .. ":" .. params.note .. ":" .. params.n end)
            """)
        let seen = try await lua.withRouter { router, state in
            let opened = router.open("/lua/5", extra: ["note": .opaque(LuaValue.string("hi")), "n": "3"])
            return [LuaValue.boolean(opened), try state.global("seen")]
        }
        #expect(seen == [true, "5:hi:3"])
    }

    @Test func aRemovedRouteReleasesItsHandler() async throws {
        let lua = try await LuaRouterHarness()
        try await lua.run("collectgarbage()")
        let baseline = await lua.engine.withState { $0.liveReferences }
        try await lua.run("""
            local router = require("lunar.router")
            local route
            route = router.add("/self/:id", function() return route end)   -- the handler holds its own handle
            assert(router.open("/self/1"))
            assert(route:remove())
            """)
        try await lua.run("collectgarbage()")
        let after = await lua.engine.withState { $0.liveReferences }
        #expect(after == baseline)
    }

    @Test func routesDoNotKeepTheStateAlive() throws {
        weak var weakState: LuaState?
        let executor = LuaExecutor(clock: .virtual)
        defer { executor.shutdown() }
        do {
            let state = try LuaState()
            ScriptModules.install(on: state, executor: executor)
            try state.run("""
                local router = require("lunar.router")
                local route
                route = router.add("/x", function() return route end)
                router.unmatched(function() end)
                assert(router.open("/x"))
                """)
            weakState = state
        }
        #expect(weakState == nil)
    }
}
