import Testing
import LunarRouter
import LunarTestSupport

/// The indexed matcher must answer exactly like a scan over every route would.
@Suite struct IndexTests {
    @Test func manyLiteralSiblingsStayFindableThroughAddAndRemove() throws {
        let router = Router()
        var tokens: [String: RouteToken] = [:]
        let names = (0..<40).map { "area\($0)" }
        for name in names {
            tokens[name] = try router.add("/\(name)/detail/:id") { _ in true }
        }
        for name in names { #expect(router.canOpen("/\(name)/detail/1")) }
        #expect(!router.canOpen("/area40/detail/1"))
        #expect(!router.canOpen("/area/detail/1"))

        for name in names.filter({ $0.hasSuffix("3") }) { #expect(tokens[name]?.remove() == true) }
        for name in names {
            #expect(router.canOpen("/\(name)/detail/1") == !name.hasSuffix("3"))
        }
        try router.add("/area3/detail/:id") { _ in true }
        #expect(router.canOpen("/area3/detail/1"))
    }

    /// Thousands of literal siblings added and removed in a random order (a fixed seed): the
    /// table's incremental inserts and backward-shift removals must agree with a plain set.
    @Test func literalSiblingsAgreeWithASetThroughRandomAddsAndRemoves() throws {
        let router = Router()
        var live: [Int: RouteToken] = [:]
        var generator = SeededRandom(seed: 23)
        for _ in 0..<6000 {
            let n = Int(generator.next() % 1500)
            if let token = live.removeValue(forKey: n) {
                #expect(token.remove())
            } else {
                live[n] = try router.add("/s\(n)") { _ in true }
            }
        }
        for n in 0..<1500 { #expect(router.canOpen("/s\(n)") == (live[n] != nil), "/s\(n)") }
        // A manifest-sized table (20,000 siblings) registers and answers.
        let big = Router()
        for n in 0..<20_000 { try big.add("/r\(n)/:id") { _ in true } }
        #expect(big.canOpen("/r19999/7") && big.canOpen("/r0/1") && !big.canOpen("/r20000/1"))
    }

    @Test func literalAndVariableBranchesAreBothExplored() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/a/:x/c", handler: recorder.handler("variable then c", returning: false))
        try router.add("/a/b/:y", handler: recorder.handler("b then variable", returning: false))
        try router.add("/a/b/d", handler: recorder.handler("static", returning: false))
        try router.add("/:p/*", handler: recorder.handler("wildcard", returning: false))

        #expect(!router.open("/a/b/c"))
        #expect(recorder.labels == ["variable then c", "b then variable", "wildcard"])
    }

    @Test func fragmentPathAfterAHostComponent() throws {
        let router = Router()
        let recorder = RouteRecorder()
        try router.add("/page#/tab/:name", handler: recorder.handler("tab"))
        #expect(router.open("myapp://page#/tab/two"))
        #expect(recorder.string("name") == "two")
    }
}
