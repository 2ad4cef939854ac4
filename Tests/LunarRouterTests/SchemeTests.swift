import Testing
import LunarRouter

@Suite struct SchemeTests {
    @Test func schemeRoutesAnswerOnlyTheirScheme() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/open/:what", scheme: "myapp", handler: recorder.handler("myapp"))
        try router.add("/open/:what", handler: recorder.handler("global"))

        #expect(router.open("myapp://open/a"))
        #expect(router.open("MyApp://open/b"))
        #expect(router.open("other://open/c"))
        #expect(router.open("/open/d"))
        #expect(recorder.labels == ["myapp", "myapp", "global", "global"])
        #expect(recorder.calls[0].match.scheme == "myapp")
        #expect(recorder.calls[2].match.scheme == nil)
    }

    @Test func schemeWithoutFallbackDoesNotReachGlobalRoutes() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/only/global", handler: recorder.handler("global"))
        try router.add("/mine", scheme: "myapp", handler: recorder.handler("mine"))

        #expect(!router.open("myapp://only/global"))
        #expect(!router.canOpen("myapp://only/global"))
        #expect(recorder.calls.isEmpty)
    }

    @Test func fallbackToGlobalWhenTheSchemesOwnRoutesDoNotHandle() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.configureScheme("myapp", fallbackToGlobal: true)
        try router.add("/thing", scheme: "myapp", handler: recorder.handler("declines", returning: false))
        try router.add("/thing", handler: recorder.handler("global"))
        try router.add("/other", handler: recorder.handler("global-other"))

        #expect(router.open("myapp://thing"))
        #expect(router.canOpen("myapp://other"))
        #expect(recorder.labels == ["declines", "global"])
    }

    @Test func invalidSchemeNamesAreRejected() {
        let router = Router()
        #expect(throws: RouterError.invalidScheme("1app")) { try router.add("/a", scheme: "1app") { _ in true } }
        #expect(throws: RouterError.invalidScheme("")) { try router.configureScheme("", fallbackToGlobal: true) }
        #expect(throws: RouterError.invalidScheme("my app")) { try router.add("/a", scheme: "my app") { _ in true } }
    }
}
