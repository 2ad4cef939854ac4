import Testing
import LunarRouter

@Suite struct QueryStringTests {
    @Test func parsesBareQueryStrings() {
        let parameters = QueryString.parse("a=1&b=x+y&b=z&c&d=%E2%9C%93#ignored=1")
        #expect(parameters["a"]?.stringValue == "1")
        #expect(parameters["b"]?.listValue == ["x y", "z"])
        #expect(parameters["c"] == nil)
        #expect(parameters["d"]?.stringValue == "✓")
        #expect(parameters["ignored"] == nil)
        #expect(parameters.count == 3)
    }

    @Test func parsesTheQueryOfAURL() {
        #expect(QueryString.parse("myapp://a/b?x=1#y=2").mapValues(\.description) == ["x": "1", "y": "2"])
        #expect(QueryString.parse("/path/only").isEmpty)
        #expect(QueryString.parse("/p?v=a+b", decodePlus: false)["v"]?.stringValue == "a+b")
        #expect(QueryString.parse("").isEmpty)
    }

    @Test func makesSortedEncodedQueryStrings() throws {
        #expect(try QueryString.make(from: [:]) == "")
        #expect(try QueryString.make(from: ["b": "2", "a": "1 +&=", "é": ["x", "y"]]) == "a=1%20%2B%26%3D&b=2&%C3%A9=x&%C3%A9=y")
    }

    @Test func madeQueryStringsParseBack() throws {
        let original: [String: RouteValue] = ["plus": "1+1=2", "list": ["a b", "c&d"], "unicode": "日本"]
        let parsed = QueryString.parse(try QueryString.make(from: original))
        #expect(parsed.mapValues(\.description) == original.mapValues(\.description))
    }

    @Test func builtURLsRouteBackToTheirValues() throws {
        let router = Router()
        let recorder = RouteRecorder()
        let pattern = "/share/:title/*"
        try router.add(pattern, handler: recorder.handler("share"))
        let url = try RoutePattern(pattern).url(values: ["a+b c/d%", "x y", "1+1"], query: ["k": "v w"])

        #expect(router.open(url))
        #expect(recorder.string("title") == "a+b c/d%")
        #expect(recorder.last?.wildcardComponents == ["x y", "1+1"])
        #expect(recorder.string("k") == "v w")
    }
}
