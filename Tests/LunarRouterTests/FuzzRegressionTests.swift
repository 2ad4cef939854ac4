import Testing
import LunarRouter

/// Inputs Scripts/fuzz found (Fuzz/FuzzRouter), replayed through the code path that failed.
@Suite struct RouterFuzzRegressionTests {
    /// fuzz.router: `"\0/(/:npt)/*"` registered routes no URL could match, since `open` refuses
    /// control characters; the pattern is now refused, as the other malformed patterns are.
    @Test func patternWithAControlCharacterIsRefused() {
        let pattern = "\0/(/:npt)/*"
        #expect(throws: RouterError.controlCharacter(pattern: pattern)) { try RoutePattern(pattern) }
        let router = Router()
        #expect(throws: RouterError.controlCharacter(pattern: pattern)) { try router.add(pattern) { _ in true } }
        #expect(!router.canOpen("/v0/v1"))
        #expect(RouterError.controlCharacter(pattern: "/a\u{7F}").description
            == #"route pattern "/a\u{7F}" contains a control character, so no URL can match it"#)
    }

    /// fuzz.router: `/users/new?…#` followed by 23 `#` bound `id` to `new` and 23 `#` (the
    /// fragment path glued on, less the trailing one); the URL built from that value,
    /// `/users/new%23…%23`, read back one `#` short: the trailing-`#` rule was applied after
    /// decoding (as JLRoutes does), so it ate an encoded `%23`. Only a literal `#` is dropped
    /// now: an encoded character is data (docs/router.md, "Differences from JLRoutes").
    @Test func anEncodedTrailingHashIsPartOfTheValue() throws {
        let router = Router()
        var seen: [String] = []
        try router.add("/users/:id") { match in
            seen.append(match.parameters["id"]?.stringValue ?? "?")
            return true
        }
        let hashes = String(repeating: "#", count: 23)
        // The fragment (23 `#`) is glued on after a `#`, and the trailing literal one is dropped.
        #expect(router.open("/users/new?q#" + hashes))
        let built = try RoutePattern("/users/:id").url(values: ["new" + hashes], query: [:])
        #expect(built == "/users/new" + String(repeating: "%23", count: 23))
        #expect(router.open(built))
        #expect(router.open("/users/a%23"))
        #expect(seen == ["new" + hashes, "new" + hashes, "a#"])
    }
}
