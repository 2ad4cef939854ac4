import Testing
import LunarRouter

@Suite struct DispatchTests {
    @Test func higherPriorityFirstThenRegistrationOrder() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/a/:x", priority: 0, handler: recorder.handler("var-0", returning: false))
        try router.add("/a/b", priority: 0, handler: recorder.handler("static-0", returning: false))
        try router.add("/a/*", priority: 5, handler: recorder.handler("wild-5", returning: false))
        try router.add("/a/:y", priority: -1, handler: recorder.handler("var-neg", returning: false))
        try router.add("/a/b", priority: 5, handler: recorder.handler("static-5", returning: false))

        #expect(!router.open("/a/b"))
        #expect(recorder.labels == ["wild-5", "static-5", "var-0", "static-0", "var-neg"])
    }

    @Test func handlerReturningFalseLetsMatchingContinue() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/x/:id", handler: recorder.handler("declines", returning: false))
        try router.add("/x/:id", handler: recorder.handler("accepts"))
        try router.add("/x/:id", handler: recorder.handler("never"))

        #expect(router.open("/x/1"))
        #expect(recorder.labels == ["declines", "accepts"])
    }

    @Test func optionalExpansionsShareThePatternsPriorityAndOrder() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/v/:a", handler: recorder.handler("first", returning: false))
        try router.add("/v(/:b)", handler: recorder.handler("optional", returning: false))
        try router.add("/v/:c", handler: recorder.handler("last", returning: false))

        #expect(!router.open("/v/1"))
        #expect(recorder.labels == ["first", "optional", "last"])
    }

    @Test func unmatchedHandlerRunsWhenNothingAccepts() throws {
        let router = Router()
        var unmatched: [(String, [String: RouteValue])] = []
        router.unmatchedHandler = { url, parameters in unmatched.append((url, parameters)) }
        try router.add("/known", handler: { _ in false })

        #expect(!router.open("/unknown?a=1", extra: ["b": "2"]))
        #expect(!router.open("/known"))
        #expect(unmatched.map(\.0) == ["/unknown?a=1", "/known"])
        #expect(unmatched[0].1["a"]?.stringValue == "1")
        #expect(unmatched[0].1["b"]?.stringValue == "2")
    }

    @Test func canOpenCallsNoHandler() throws {
        let router = Router()
        let recorder = RouteRecorder()
        var unmatchedCalls = 0
        router.unmatchedHandler = { _, _ in unmatchedCalls += 1 }
        try router.add("/declines", handler: recorder.handler("declines", returning: false))

        #expect(router.canOpen("/declines"))
        #expect(!router.canOpen("/missing"))
        #expect(recorder.calls.isEmpty)
        #expect(unmatchedCalls == 0)
    }

    @Test func handlersMayReenterTheRouterAndRemovedRoutesAreSkipped() throws {
        let router = Router()
        let recorder = RouteRecorder()
        var later: RouteToken?
        // Unowned: a handler holding its router would be a cycle outliving the test.
        try router.add("/step/one", priority: 1) { [unowned router] _ in
            #expect(later?.remove() == true)
            #expect(router.open("/step/two"))
            return false
        }
        later = try router.add("/step/:n", handler: recorder.handler("removed during dispatch"))
        try router.add("/step/two", handler: recorder.handler("two"))

        #expect(!router.open("/step/one"))
        #expect(recorder.labels == ["two"])
        #expect(!router.canOpen("/step/three"))
    }
}
