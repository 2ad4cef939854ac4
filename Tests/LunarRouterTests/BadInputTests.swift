import Testing
import LunarRouter

@Suite struct BadInputTests {
    private func routerWithRoutes(_ recorder: RouteRecorder) throws -> Router {
        let router = Router()
        try router.add("/", handler: recorder.handler("root"))
        try router.add("/a/:x", handler: recorder.handler("var"))
        try router.add("/files/*", handler: recorder.handler("files"))
        return router
    }

    @Test func emptyAndControlCharacterURLsMatchNothing() throws {
        let recorder = RouteRecorder()
        let router = try routerWithRoutes(recorder)
        var unmatched: [String] = []
        router.unmatchedHandler = { url, _ in unmatched.append(url) }

        for url in ["", "/a/\u{0}", "/a/b\nc", "\t", "/a/\u{7F}"] {
            #expect(!router.open(url))
            #expect(!router.canOpen(url))
        }
        #expect(unmatched.count == 5)
        #expect(recorder.calls.isEmpty)
    }

    @Test func brokenPercentEscapesAreKeptAsWritten() throws {
        let recorder = RouteRecorder()
        let router = try routerWithRoutes(recorder)
        let cases = [
            ("/a/100%", "100%"), ("/a/%zz%41", "%zzA"), ("/a/%E6%97", "%E6%97"),
            ("/a/%FF%FE", "%FF%FE"), ("/a/%", "%"), ("/a/%4", "%4"),
        ]
        for (url, value) in cases {
            #expect(router.open(url))
            #expect(recorder.string("x") == value)
        }
        #expect(router.open("/a/1?q=%zz&r=%C3"))
        #expect(recorder.string("q") == "%zz")
        #expect(recorder.string("r") == "%C3")
    }

    @Test func oddURLShapesParseWithoutCrashing() throws {
        let recorder = RouteRecorder()
        let router = try routerWithRoutes(recorder)
        let urls = [
            "?", "#", "?#", "&&&", "===", "://", "a:", "a://", "a://@", "a://[", "a://[::1", "a://:80",
            "/a/b?&=&==&a=1=2", "#?#?#", "😀://x", "/😀/🙂", "///////", ":::", "/a/x#%", "myapp://%",
        ]
        for url in urls {
            _ = router.open(url)
            _ = router.canOpen(url)
            _ = QueryString.parse(url)
        }
        #expect(router.open("/a/x?v=1=2"))
        #expect(recorder.string("v") == "1=2")
        #expect(router.open("///////"))
        #expect(recorder.calls.last?.label == "root")
    }

    @Test func oneMegabyteURLsAreHandled() throws {
        let recorder = RouteRecorder()
        let router = try routerWithRoutes(recorder)
        let megabyte = 1 << 20

        let longComponent = "/a/" + String(repeating: "x", count: megabyte)
        #expect(router.open(longComponent))
        #expect(recorder.string("x")?.utf8.count == megabyte)

        let manyComponents = "/files" + String(repeating: "/y", count: megabyte / 2)
        #expect(router.open(manyComponents))
        #expect(recorder.last?.wildcardComponents?.count == megabyte / 2)

        let manySlashes = "/a" + String(repeating: "/", count: megabyte) + "z"
        #expect(router.open(manySlashes))
        #expect(recorder.string("x") == "z")

        let bigQuery = "/a/q?" + String(repeating: "k=v&", count: megabyte / 4)
        #expect(router.open(bigQuery))
        #expect(recorder.last?.parameters["k"]?.listValue?.count == megabyte / 4)

        #expect(!router.canOpen("/b" + String(repeating: "/b", count: megabyte / 2)))
        #expect(!router.canOpen(String(repeating: "%", count: megabyte)))
    }

    @Test func oddButValidPatternsRegister() throws {
        let router = Router()
        try router.add("/:a/:a") { _ in true }
        try router.add("/x(/y)(/y)") { _ in true }
        try router.add("(/only)") { _ in true }
        try router.add("/*") { _ in true }
        #expect(router.canOpen("/anything/at/all"))
        #expect(router.canOpen("/only"))
    }

    /// The router fuzz target's finding (Fuzz/FuzzRouter/corpus/combining-mark-after-colon): a
    /// variable whose name starts with a combining mark, so ':' and the mark are one Character.
    /// The router reads patterns by scalars: it is a variable, and its URL matches.
    @Test func aVariableNameStartingWithACombiningMarkIsAVariable() throws {
        let text = "/:\u{610}\u{FFFD}G\u{FFFD}"
        let router = Router()
        try router.add(text) { _ in true }
        let url = try RoutePattern(text).url(values: ["v0"])
        #expect(url == "/v0")
        #expect(router.canOpen(url))
    }
}
