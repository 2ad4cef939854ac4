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
}
