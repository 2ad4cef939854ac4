// Router suite: LunarRouter against vapor/routing-kit's TrieRouter and against
// a JLRoutes-style linear scan, on the same 1,000 routes and the same URL mix.
//
//   router.vs_routingkit  goal: ours <= 1.0x baseline time
//   router.vs_linear      goal: ours <= 0.05x baseline time
//   router.register_scaling  goal: <= 2 (20,000 registrations against 10 x 2,000; quadratic is 10)
//
// Each side of a sample routes the whole URL mix `rounds` times: parse the URL,
// find the route, collect its parameters (and query items), call its handler.

import BenchSupport
import Benchmark
import Foundation
import LunarRouter
import RoutingKit

/// Mixes each side routes per sample: one mix takes well under a millisecond, and
/// the other side's work in between leaves the caches cold, so a lone mix would
/// measure a cold start; twenty make the first one a small part of the sample.
let rounds = 20

let benchmarks: @Sendable () -> Void = {
    let fixture = RouteFixture()
    let ours = fixture.makeLunarRouter()
    let oursOnMix = {
        for _ in 0..<rounds { for url in fixture.urls { blackHole(ours.open(url)) } }
    }
    pairedBenchmark("router.vs_routingkit", samples: 200, maxSeconds: 6) {
        let trie = TrieBaseline(fixture)
        return Pair(ours: oursOnMix, baseline: { for _ in 0..<rounds { for url in fixture.urls { blackHole(trie.open(url)) } } })
    }
    // Registration scales linearly: one table of 20,000 manifest-style routes against ten
    // tables of 2,000 (a quadratic registration made this 10x; issue 23).
    pairedBenchmark("router.register_scaling", samples: 20, maxSeconds: 10) {
        let register = { (count: Int) in
            let router = Router()
            for n in 0..<count { _ = try? router.add("/screen\(n)/:id") { _ in true } }
            blackHole(router)
        }
        return Pair(ours: { register(20_000) }, baseline: { for _ in 0..<10 { register(2_000) } })
    }
    pairedBenchmark("router.vs_linear", samples: 40, maxSeconds: 10) {
        let linear = LinearBaseline(fixture)
        return Pair(ours: oursOnMix, baseline: { for _ in 0..<rounds { for url in fixture.urls { blackHole(linear.open(url)) } } })
    }
}

/// 1,000 route registrations shaped like an app's navigation table (50
/// feature areas x 20 routes: static pages, `:id` variables, optional groups,
/// trailing wildcards, a few priorities) and a fixed mix of 200 URLs, about
/// three quarters routable.
struct RouteFixture {
    struct Registration {
        let pattern: String
        let priority: Int
    }

    let registrations: [Registration]
    let urls: [String]

    init() {
        let areas = [
            "profile", "orders", "cart", "catalog", "search", "messages", "settings", "wallet",
            "feed", "friends", "photos", "videos", "music", "news", "weather", "maps", "events",
            "groups", "pages", "jobs", "market", "stories", "live", "games", "courses", "notes",
            "tasks", "calendar", "contacts", "files", "drive", "mail", "chat", "calls", "support",
            "help", "billing", "plans", "coupons", "rewards", "reviews", "wishlist", "returns",
            "tracking", "stores", "deals", "gifts", "tickets", "travel", "health",
        ]
        let shapes: [(String, Int)] = [
            ("/%@", 0), ("/%@/list", 0), ("/%@/list/:page", 0), ("/%@/detail/:id", 5),
            ("/%@/detail/:id/edit", 5), ("/%@/detail/:id/comments/:commentId", 0),
            ("/%@/search(/:query)(/:page)", 0), ("/%@/files/*", -1), ("/%@/settings", 0),
            ("/%@/settings/:section", 0), ("/%@/create", 10), ("/%@/:id/share", 0),
            ("/%@/user/:uid/posts/:pid", 0), ("/%@/archive/:year/:month", 0), ("/%@/tags/:tag", 0),
            ("/%@/export(/:format)", 0), ("/%@/callBack/*", 0), ("/%@/help", 0), ("/%@/about", 0),
            ("/%@/v2/:id/details", 5),
        ]
        registrations = areas.flatMap { area in
            shapes.map { shape, priority in
                Registration(pattern: shape.replacingOccurrences(of: "%@", with: area), priority: priority)
            }
        }

        let routable = [
            "/%@", "/%@/list", "/%@/list/3", "/%@/detail/12345", "/%@/detail/42/edit",
            "/%@/detail/7/comments/99", "/%@/search", "/%@/search/red%20shoes", "/%@/search/shoes/2",
            "/%@/files/docs/2024/report.pdf", "/%@/settings/privacy", "/%@/create", "/%@/abc123/share",
            "/%@/user/u1/posts/p9", "/%@/archive/2024/05", "/%@/tags/swift", "/%@/export/csv",
            "/%@/callBack/done", "/%@/v2/5/details?ref=home&utm=mail", "myapp://%@/detail/8?from=push",
        ]
        let missing = [
            "/%@/unknown", "/%@/detail", "/%@/detail/1/2/3/4", "/nosuch/%@/list",
            "/%@/settings/a/b", "/%@/v3/5/details", "/missing", "/%@/list/1/2",
        ]
        var generator = SplitMix(seed: 0x5EED)
        var urls: [String] = []
        for index in 0..<200 {
            let area = areas[Int(generator.next() % UInt64(areas.count))]
            let shapes = index % 4 == 3 ? missing : routable
            let shape = shapes[Int(generator.next() % UInt64(shapes.count))]
            urls.append(shape.replacingOccurrences(of: "%@", with: area))
        }
        self.urls = urls
    }

    func makeLunarRouter() -> LunarRouter.Router {
        let router = LunarRouter.Router()
        for registration in registrations {
            _ = try! router.add(registration.pattern, priority: registration.priority) { match in
                blackHole(match.parameters.count)
                return true
            }
        }
        return router
    }

    /// Every concrete pattern (optional groups expanded) as components, in priority order.
    var expandedRoutes: [(components: [String], priority: Int)] {
        let expanded = registrations.flatMap { registration in
            try! RoutePattern(registration.pattern).expansions.map { expansion in
                (components: expansion.split(separator: "/").map(String.init), priority: registration.priority)
            }
        }
        return expanded.enumerated()
            .sorted { $0.element.priority != $1.element.priority ? $0.element.priority > $1.element.priority : $0.offset < $1.offset }
            .map(\.element)
    }
}

/// The URL split the way both baselines need it: scheme dropped, the host
/// kept as the first component, path components, query items.
struct SimpleURL {
    let components: [String]
    let query: [String: String]

    init(_ url: String) {
        var rest = Substring(url)
        if let schemeEnd = rest.range(of: "://") { rest = rest[schemeEnd.upperBound...] }
        var queryText: Substring = ""
        if let question = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        components = rest.split(separator: "/").map(String.init)
        var query: [String: String] = [:]
        for item in queryText.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { query[String(pair[0])] = String(pair[1]) }
        }
        self.query = query
    }
}

/// vapor/routing-kit's TrieRouter with the same routes; parameters are renamed
/// by position because TrieRouter requires one name per trie position.
final class TrieBaseline {
    typealias Handler = (Parameters, [String: String]) -> Bool
    private let router = TrieRouter(Handler.self)

    init(_ fixture: RouteFixture) {
        var seen: Set<[PathComponent]> = []
        for route in fixture.expandedRoutes where !route.components.isEmpty {
            let path: [PathComponent] = route.components.enumerated().map { index, component in
                if component == "*" { return .catchall }
                if component.hasPrefix(":") { return .parameter("p\(index)") }
                return .constant(component)
            }
            guard seen.insert(path).inserted else { continue }
            router.register({ parameters, query in
                blackHole(query.count + parameters.allNames.count)
                return true
            }, at: path)
        }
    }

    func open(_ url: String) -> Bool {
        let request = SimpleURL(url)
        var parameters = Parameters()
        guard let handler = router.route(path: request.components, parameters: &parameters) else { return false }
        return handler(parameters, request.query)
    }
}

/// JLRoutes' algorithm in Swift: every route in priority order, a component
/// count check, then a component-by-component walk collecting variables.
final class LinearBaseline {
    struct Route {
        let components: [String]
        let handler: ([String: String]) -> Bool
    }

    private let routes: [Route]

    init(_ fixture: RouteFixture) {
        routes = fixture.expandedRoutes.map { route in
            Route(components: route.components) { parameters in
                blackHole(parameters.count)
                return true
            }
        }
    }

    func open(_ url: String) -> Bool {
        let request = SimpleURL(url)
        for route in routes {
            let containsWildcard = route.components.contains("*")
            if request.components.count != route.components.count && !containsWildcard { continue }
            guard let variables = variables(of: route, for: request.components) else { continue }
            let parameters = request.query.merging(variables) { _, variable in variable }
            if route.handler(parameters) { return true }
        }
        return false
    }

    private func variables(of route: Route, for components: [String]) -> [String: String]? {
        var variables: [String: String] = [:]
        for (index, pattern) in route.components.enumerated() {
            if pattern == "*" {
                variables["*"] = components[index...].joined(separator: "/")
                return variables
            }
            guard index < components.count else { return nil }
            if pattern.hasPrefix(":") {
                variables[String(pattern.dropFirst())] = components[index].removingPercentEncoding
            } else if pattern != components[index] {
                return nil
            }
        }
        return variables
    }
}

/// A small deterministic generator so the URL mix is the same in every run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
