import LunarBridge
import LunarRouter

/// `lunar.router`: the Lua face of the state's shared ``Router`` (the same
/// router the runtime registers `/navPush/:screen`, `/navPresent/:screen` and
/// the manifest routes on).
///
/// ```lua
/// local router = require("lunar.router")
/// local route = router.add("/user/:id", function(params, match)
///   print(params.id, match.pattern)        -- handled unless it returns false
/// end, { priority = 10 })
/// router.open("myapp://user/42?tab=posts")
/// route:remove()
/// ```
///
/// Handlers run synchronously inside `open`, on the executor. An error in a
/// handler is reported (file:line and traceback) and counts as declining the URL.
/// A ``RouterError`` thrown here is raised as its one-line description at the calling Lua line.
enum RouterModule {
    static func module(router: Router) -> LuaModule {
        let router = ExecutorBound(router)
        return LuaModule("lunar.router", summary: "URL routes: patterns, handlers, schemes and URL building.") { m in
            m.rawFunction(
                "add(pattern: string, handler: fun(params: table, match: table): boolean?, options: table?): Route",
                summary: "Adds a route; the handler runs on open and declines by returning false."
            ) { frame in
                try add(frame, router: router.value)
            }
            m.rawFunction("open(url: string, params: table?): boolean", summary: "Opens a URL: runs the best matching handler; false if none handled it.") { frame in
                let url: String = try frame.argument(1)
                let extra = try LuaRouteValues.readExtra(frame, at: 2)
                frame.push(router.value.open(url, extra: extra))
                return .results(1)
            }
            m.function("canOpen(url)", summary: "Whether some route matches url.") { (url: String) -> Bool in
                router.value.canOpen(url)
            }
            m.rawFunction("unmatched(handler: fun(url: string, params: table)?)", summary: "Sets the handler for URLs no route matches (nil removes it).") { frame in
                let handler: LuaFunction? = try frame.argument(1)
                router.value.unmatchedHandler = handler.map { LuaRouteHandler.unmatched($0, state: frame.state) }
                return .results(0)
            }
            m.function("options(options: table?): table", summary: "Sets router options; returns the options in force.") { (options: LuaValue?) throws -> LuaValue in
                try setOptions(options, of: router.value)
            }
            m.function("scheme(name, options: table?)", summary: "Configures a URL scheme (fallbackToGlobal).") { (name: String, options: LuaValue?) throws in
                let reader = try LuaOptionTable(options, position: 2, allowed: ["fallbackToGlobal"])
                let fallback = try reader.bool("fallbackToGlobal") ?? false
                try router.value.configureScheme(name, fallbackToGlobal: fallback)
            }
            m.function("remove(pattern, options: table?)", summary: "Removes the routes with this pattern; false if there were none.") { (pattern: String, options: LuaValue?) throws -> Bool in
                let reader = try LuaOptionTable(options, position: 2, allowed: ["scheme"])
                return router.value.removeRoutes(pattern: pattern, scheme: try reader.string("scheme"))
            }
            m.function("url(pattern, values: table?, query: table?)", summary: "Builds a URL from a pattern, its variables and query items.") { (pattern: String, values: LuaValue?, query: LuaValue?) throws -> String in
                let positional = try LuaRouteValues.positionalValues(values, position: 2)
                let items = try LuaRouteValues.queryItems(query, position: 3)
                return try RoutePattern(pattern).url(values: positional, query: items)
            }
            m.function("parseQuery(url)", summary: "The query items of a URL, as a table.") { (url: String) -> LuaRouteParameters in
                LuaRouteParameters(QueryString.parse(url, decodePlus: router.value.options.decodePlus))
            }
            m.function("queryString(items: table)", summary: "Encodes query items as a query string.") { (items: LuaValue) throws -> String in
                guard case .table = items else {
                    throw LuaArgumentError(position: 1, problem: "table expected, got \(items.typeName)")
                }
                let parsed = try LuaRouteValues.queryItems(items, position: 1)
                return try QueryString.make(from: parsed)
            }
        }
    }

    /// `router.add(pattern, handler, {scheme=, priority=})`: registers the
    /// handler and returns a route handle (`pattern`, `scheme`, `priority`, `:remove()`).
    private static func add(_ frame: LuaCallFrame, router: Router) throws -> LuaReturn {
        let pattern: String = try frame.argument(1)
        let function: LuaFunction = try frame.argument(2)
        let options = try LuaOptionTable(try frame.argument(3, as: LuaValue?.self), position: 3, allowed: ["scheme", "priority"])
        let scheme = try options.string("scheme")
        let priority = try options.integer("priority") ?? 0
        let token = try router.add(
            pattern, scheme: scheme, priority: priority, handler: LuaRouteHandler.route(function, state: frame.state))
        // Routes added while a module loads belong to it: a hot reload removes them before re-running it.
        frame.state[extension: ModuleRegistrations.self]?.record(token)
        LuaRouteHandle(token: token).push(to: frame.stack)
        return .results(1)
    }

    /// `router.options{...}`: changes the given options, returns them all.
    private static func setOptions(_ value: LuaValue?, of router: Router) throws -> LuaValue {
        let reader = try LuaOptionTable(value, position: 1, allowed: ["decodePlus", "hostAsPath"])
        if let decodePlus = try reader.bool("decodePlus") { router.options.decodePlus = decodePlus }
        if let hostAsPath = try reader.bool("hostAsPath") { router.options.hostAsPath = hostAsPath }
        return ["decodePlus": .boolean(router.options.decodePlus), "hostAsPath": .boolean(router.options.hostAsPath)]
    }
}
