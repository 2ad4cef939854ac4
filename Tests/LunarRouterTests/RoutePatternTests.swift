import Testing
@testable import LunarRouter

@Suite struct RoutePatternTests {
    @Test func optionalGroupsExpandLongestFirstKeepingRequiredParts() throws {
        let pattern = try RoutePattern("/path/:thing(/a)(/b)(/c)")
        #expect(
            pattern.expansions == [
                "/path/:thing/a/b/c",
                "/path/:thing/a/b", "/path/:thing/a/c", "/path/:thing/b/c",
                "/path/:thing/a", "/path/:thing/b", "/path/:thing/c",
                "/path/:thing",
            ])
    }

    @Test func equalLengthExpansionsPreferEarlierOptionalGroups() throws {
        let pattern = try RoutePattern("/search(/:query)(/:page)")
        #expect(pattern.expansions == ["/search/:query/:page", "/search/:query", "/search/:page", "/search"])
    }

    @Test func optionalGroupsBetweenRequiredParts() throws {
        let pattern = try RoutePattern("/a(/b)/c")
        #expect(pattern.expansions == ["/a/b/c", "/a/c"])
    }

    @Test func canonicalTextNormalisesSlashes() throws {
        #expect(try RoutePattern("users//:id/").canonicalText == "/users/:id")
        #expect(try RoutePattern("/a(b)").canonicalText == "/a(/b)")
        #expect(try RoutePattern("/").canonicalText == "/")
        #expect(try RoutePattern("/").expansions == ["/"])
    }

    @Test func variableNamesDropTrailingHashAndSecondColon() throws {
        let pattern = try RoutePattern("/a/:id#/::other")
        #expect(pattern.variants[0].segments == [.literal("a"), .variable("id"), .variable("other")])
    }

    @Test(arguments: [
        ("", RouterError.emptyPattern),
        ("/a(/b", .unbalancedParenthesis(pattern: "/a(/b")),
        ("/a/b)", .unbalancedParenthesis(pattern: "/a/b)")),
        ("/a(/b(/c))", .nestedOptional(pattern: "/a(/b(/c))")),
        ("/a()", .emptyOptional(pattern: "/a()")),
        ("/a(/)", .emptyOptional(pattern: "/a(/)")),
        ("/a/*/b", .misplacedWildcard(pattern: "/a/*/b")),
        ("/a(/*)/b", .misplacedWildcard(pattern: "/a(/*)/b")),
        ("/a/:", .unnamedVariable(pattern: "/a/:")),
        ("/a?b=1", .queryInPattern(pattern: "/a?b=1")),
        ("/a\tb", .controlCharacter(pattern: "/a\tb")),
        ("/x(/1)(/2)(/3)(/4)(/5)(/6)(/7)(/8)(/9)", .tooManyOptionals(pattern: "/x(/1)(/2)(/3)(/4)(/5)(/6)(/7)(/8)(/9)", limit: 8)),
    ])
    func malformedPatternsAreRejected(pattern: String, error: RouterError) {
        #expect(throws: error) { try RoutePattern(pattern) }
    }

    @Test func errorsReadAsMessages() {
        #expect(RouterError.misplacedWildcard(pattern: "/a/*/b").description
            == "route pattern '/a/*/b' has a '*' that is not its last component")
    }

    @Test func urlFillsVariablesInOrderAndEncodesValues() throws {
        let pattern = try RoutePattern("/user/:id/post/:slug")
        #expect(try pattern.url(values: ["42", "hello world/é"]) == "/user/42/post/hello%20world%2F%C3%A9")
    }

    @Test func urlIncludesOptionalGroupsOnlyWhenValuesRemain() throws {
        let pattern = try RoutePattern("/search(/:query)(/:page)/in/:scope")
        #expect(try pattern.url(values: ["all"]) == "/search/in/all")
        #expect(try pattern.url(values: ["swift", "all"]) == "/search/swift/in/all")
        #expect(try pattern.url(values: ["swift", "2", "all"]) == "/search/swift/2/in/all")
        #expect(try RoutePattern("/a(/edit)").url() == "/a")
    }

    @Test func urlWildcardTakesRemainingValues() throws {
        let pattern = try RoutePattern("/callBack/:id/*")
        #expect(try pattern.url(values: ["7", "a", "b c"]) == "/callBack/7/a/b%20c")
        #expect(try pattern.url(values: ["7"]) == "/callBack/7")
    }

    @Test func urlAppendsSortedEncodedQuery() throws {
        let pattern = try RoutePattern("/navPush/:screen")
        let url = try pattern.url(values: ["profile"], query: ["z": "1", "a": ["x", "y&z"], "name": "Ann Lee"])
        #expect(url == "/navPush/profile?a=x&a=y%26z&name=Ann%20Lee&z=1")
    }

    @Test func urlRejectsMissingEmptyAndSurplusValues() throws {
        let pattern = try RoutePattern("/user/:id")
        #expect(throws: RouterError.missingValue(pattern: "/user/:id", variable: "id")) { try pattern.url() }
        #expect(throws: RouterError.missingValue(pattern: "/user/:id", variable: "id")) { try pattern.url(values: [""]) }
        #expect(throws: RouterError.surplusValues(pattern: "/user/:id", count: 1)) { try pattern.url(values: ["1", "2"]) }
        #expect(throws: RouterError.unencodableValue(key: "f")) { try pattern.url(values: ["1"], query: ["f": .opaque(1)]) }
    }
}
