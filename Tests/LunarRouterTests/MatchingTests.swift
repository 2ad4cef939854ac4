import Testing
import LunarRouter

@Suite struct MatchingTests {
    @Test func variablesBindDecodedComponents() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/user/view/:userID", handler: recorder.handler("user"))

        #expect(router.open("/user/view/joel%20dev"))
        #expect(recorder.string("userID") == "joel dev")
        #expect(recorder.last?.pattern == "/user/view/:userID")
        #expect(recorder.last?.url == "/user/view/joel%20dev")
        #expect(recorder.last?.scheme == nil)
        #expect(recorder.last?.wildcardComponents == nil)
    }

    @Test func staticComponentsCompareExactly() throws {
        let router = Router()
        try router.add("/user/view") { _ in true }
        #expect(router.canOpen("/user/view"))
        #expect(!router.canOpen("/User/view"))
        #expect(!router.canOpen("/user/view/extra"))
        #expect(!router.canOpen("/user"))
        #expect(!router.canOpen("/user/vie%77"))
    }

    @Test func componentCountMustMatchWithoutWildcard() throws {
        let router = Router()
        try router.add("/a/:b") { _ in true }
        #expect(!router.canOpen("/a"))
        #expect(router.canOpen("/a/1"))
        #expect(!router.canOpen("/a/1/2"))
    }

    @Test func trailingWildcardMatchesZeroOrMoreComponents() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/callBack/:id/*", handler: recorder.handler("callback"))

        #expect(router.open("/callBack/7"))
        #expect(recorder.last?.wildcardComponents == [])
        #expect(router.open("/callBack/7/a/b%20c/d+e"))
        #expect(recorder.last?.wildcardComponents == ["a", "b c", "d e"])
        #expect(recorder.string("id") == "7")
        #expect(!router.open("/callBack"))
    }

    @Test func rootPatternMatchesEmptyPath() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/", handler: recorder.handler("root"))
        #expect(router.open("/"))
        #expect(router.open("myapp://"))
        #expect(router.open("https://example.com/"))
        #expect(router.open("https://example.com"))
        #expect(recorder.labels == ["root", "root", "root", "root"])
        #expect(!router.open("/x"))
    }

    @Test func leadingTrailingAndDuplicateSlashesAreIgnored() throws {
        let router = Router()
        try router.add("/a/b/:c") { _ in true }
        #expect(router.canOpen("a/b/c"))
        #expect(router.canOpen("/a/b/c/"))
        #expect(router.canOpen("//a///b//c//"))
        #expect(router.canOpen("myapp://a//b/c"))
        #expect(router.canOpen("https://example.com//a/b/c"))
    }

    @Test func hostIsFirstComponentUnlessDottedOrLocalhost() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/navPush/:screen", handler: recorder.handler("push"))

        #expect(router.open("myapp://navPush/profile"))
        #expect(recorder.string("screen") == "profile")
        #expect(router.open("myapp://user:pw@navPush:8080/settings"))
        #expect(recorder.string("screen") == "settings")
        #expect(router.open("https://example.com/navPush/home"))
        #expect(router.open("http://localhost:8081/navPush/dev"))
        #expect(!router.open("myapp://other/navPush/profile"))
    }

    @Test func hostAsPathOptionKeepsDottedHosts() throws {
        let router = Router(options: RouterOptions(hostAsPath: true))
        try router.add("/example.com/:page") { _ in true }
        try router.add("/localhost/:page") { _ in true }
        #expect(router.canOpen("https://example.com/home"))
        #expect(router.canOpen("http://localhost/home"))
        router.options.hostAsPath = false
        #expect(!router.canOpen("https://example.com/home"))
    }

    @Test func plusDecodingIsOnByDefaultAndCanBeTurnedOff() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/search/:query", handler: recorder.handler("search"))

        #expect(router.open("/search/a+b%2Bc?q=x+y"))
        #expect(recorder.string("query") == "a b+c")
        #expect(recorder.string("q") == "x y")

        router.options.decodePlus = false
        #expect(router.open("/search/a+b%2Bc?q=x+y"))
        #expect(recorder.string("query") == "a+b+c")
        #expect(recorder.string("q") == "x+y")
    }

    @Test func queryItemsWithoutValueAreDroppedAndRepeatedKeysBecomeLists() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/list", handler: recorder.handler("list"))

        #expect(router.open("/list?flag&tag=a&tag=b&tag=c&empty=&name=J%C3%B6rg"))
        let parameters = try #require(recorder.last?.parameters)
        #expect(parameters["flag"] == nil)
        #expect(parameters["tag"]?.listValue == ["a", "b", "c"])
        #expect(parameters["empty"]?.stringValue == "")
        #expect(parameters["name"]?.stringValue == "Jörg")
    }

    @Test func precedenceIsQueryThenVariablesThenExtra() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/item/:id/:kind", handler: recorder.handler("item"))

        let callback = { (_: Int) in }
        #expect(router.open("/item/1/book?id=9&kind=q&page=3", extra: ["kind": "extra", "done": .opaque(callback)]))
        let parameters = try #require(recorder.last?.parameters)
        #expect(parameters["id"]?.stringValue == "1")
        #expect(parameters["kind"]?.stringValue == "extra")
        #expect(parameters["page"]?.stringValue == "3")
        #expect(parameters["done"]?.opaqueValue is (Int) -> Void)
    }

    @Test func fragmentOfQueryItemsMergesIntoQuery() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/page/:id", handler: recorder.handler("page"))

        #expect(router.open("/page/3?a=1#b=2&c=3"))
        #expect(recorder.string("a") == "1")
        #expect(recorder.string("b") == "2")
        #expect(recorder.string("c") == "3")
        #expect(recorder.string("id") == "3")
    }

    @Test func fragmentPathIsMatchedAfterHash() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/page#/section/:name", handler: recorder.handler("section"))
        try router.add("/page#intro", handler: recorder.handler("intro"))
        try router.add("/page", handler: recorder.handler("page"))

        #expect(router.open("/page#/section/two?x=1"))
        #expect(recorder.string("name") == "two")
        #expect(recorder.string("x") == "1")
        #expect(router.open("/page#intro"))
        #expect(router.open("/page#"))
        #expect(recorder.labels == ["section", "intro", "page"])
    }

    @Test func trailingHashIsStrippedFromVariableNamesAndAnEncodedOneKeptInValues() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/tag/:name#", handler: recorder.handler("tag"))
        #expect(router.open("/tag/swift"))
        #expect(recorder.string("name") == "swift")
        // `%23` is data: unlike JLRoutes, which drops a trailing `#` after decoding.
        #expect(router.open("/tag/c%23"))
        #expect(recorder.string("name") == "c#")
    }

    @Test func optionalRoutesMatchEveryExpansion() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/search(/:query)(/:page)", handler: recorder.handler("search"))

        #expect(router.open("/search"))
        #expect(recorder.last?.parameters.isEmpty == true)
        #expect(router.open("/search/swift"))
        #expect(recorder.string("query") == "swift")
        #expect(recorder.last?.pattern == "/search/:query")
        #expect(router.open("/search/swift/2"))
        #expect(recorder.string("page") == "2")
        #expect(!router.open("/search/swift/2/3"))
    }

    @Test func nonASCIIComponentsMatchLiterallyAndDecodeInVariables() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/café/:name", handler: recorder.handler("cafe"))
        #expect(router.open("/café/%E6%97%A5%E6%9C%AC"))
        #expect(recorder.string("name") == "日本")
        #expect(router.open("/café/日本"))
        #expect(recorder.string("name") == "日本")
    }
}
