import LunarRouter
import Testing

/// `Router.match` (a dry run: no handler called) and `Router.routes` (the listing an inspector shows).
@Suite struct DryRunTests {
    @Test func matchGivesTheFirstRouteAndItsParametersWithoutCallingAHandler() throws {
        let router = Router()
        var calls = 0
        try router.add("/items/:id") { _ in calls += 1; return true }
        try router.add("/items/new", priority: 5) { _ in calls += 1; return true }
        let match = try #require(router.match("/items/42?tab=info"))
        #expect(match.pattern == "/items/:id")
        #expect(match.parameters["id"]?.stringValue == "42")
        #expect(match.parameters["tab"]?.stringValue == "info")
        #expect(router.match("/items/new")?.pattern == "/items/new")
        #expect(router.match("/nothing") == nil)
        #expect(router.match("") == nil)
        #expect(calls == 0)
    }

    @Test func matchFallsBackToGlobalRoutesOnlyWhenTheSchemeSaysSo() throws {
        let router = Router()
        try router.add("/user/:id") { _ in true }
        try router.add("/only", scheme: "app") { _ in true }
        #expect(router.match("app://user/3") == nil)
        try router.configureScheme("app", fallbackToGlobal: true)
        #expect(router.match("app://user/3")?.parameters["id"]?.stringValue == "3")
        #expect(router.match("app://only")?.scheme == "app")
    }

    @Test func routesListsWhatIsRegisteredInOrderAndForgetsRemovedOnes() throws {
        let router = Router()
        try router.add("/b") { _ in true }
        let a = try router.add("/a/:x", priority: 2) { _ in true }
        try router.add("/c", scheme: "app") { _ in true }
        #expect(router.routes.map(\.pattern) == ["/b", "/a/:x", "/c"])
        #expect(router.routes.map(\.scheme) == [nil, nil, "app"])
        #expect(router.routes[1].priority == 2)
        a.remove()
        #expect(router.routes.map(\.pattern) == ["/b", "/c"])
    }
}
