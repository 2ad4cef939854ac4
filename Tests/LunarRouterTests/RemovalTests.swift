import Testing
import LunarRouter

@Suite struct RemovalTests {
    @Test func tokenRemovesEveryExpansionOnce() throws {
        let router = Router()
        let token = try router.add("/search(/:query)") { _ in true }
        #expect(token.isRegistered)
        #expect(router.canOpen("/search"))
        #expect(token.remove())
        #expect(!token.isRegistered)
        #expect(!router.canOpen("/search"))
        #expect(!router.canOpen("/search/x"))
        #expect(!token.remove())
        #expect(!router.remove(token))
    }

    @Test func removingOneRouteKeepsItsNeighbours() throws {
        let router = Router()
        let recorder = RouteRecorder()
        let first = try router.add("/a/b", handler: recorder.handler("first"))
        try router.add("/a/b", handler: recorder.handler("second"))
        try router.add("/a/b/c", handler: recorder.handler("deeper"))

        #expect(first.remove())
        #expect(router.open("/a/b"))
        #expect(router.open("/a/b/c"))
        #expect(recorder.labels == ["second", "deeper"])
    }

    @Test func tokenOfAnotherRouterIsNotRemoved() throws {
        let router = Router()
        let other = Router()
        let token = try other.add("/x") { _ in true }
        #expect(!router.remove(token))
        #expect(other.canOpen("/x"))
    }

    @Test func removeByPatternUsesCanonicalForm() throws {
        let router = Router()
        let first = try router.add("/users/:id") { _ in true }
        let second = try router.add("users/:id/") { _ in true }
        try router.add("/users/:id", scheme: "myapp") { _ in true }

        #expect(router.removeRoutes(pattern: "//users/:id"))
        #expect(!first.isRegistered && !second.isRegistered)
        #expect(!router.canOpen("/users/1"))
        #expect(router.canOpen("myapp://users/1"))
        #expect(!router.removeRoutes(pattern: "/users/:id"))
        #expect(router.removeRoutes(pattern: "/users/:id", scheme: "MYAPP"))
        #expect(!router.canOpen("myapp://users/1"))
        #expect(!router.removeRoutes(pattern: "/bad(", scheme: nil))
    }

    @Test func removeAllRoutesEmptiesEveryScheme() throws {
        let router = Router()
        let token = try router.add("/a") { _ in true }
        try router.add("/b", scheme: "x") { _ in true }
        router.removeAllRoutes()
        #expect(!router.canOpen("/a"))
        #expect(!router.canOpen("x://b"))
        #expect(!token.isRegistered)
        try router.add("/a") { _ in true }
        #expect(router.canOpen("/a"))
    }

    @Test func tokenDoesNotKeepTheRouterAlive() throws {
        var router: Router? = Router()
        let token = try #require(try router?.add("/a") { _ in true })
        weak let weakRouter = router
        router = nil
        #expect(weakRouter == nil)
        #expect(!token.isRegistered)
        #expect(!token.remove())
    }
}
