import LunarBridge
import LunarIntercept
import LunarRuntime
import Testing
import LunarTestSupport

/// Listing what is registered (what the inspector's State panel shows).
@Suite struct RegistrationListingTests {
    @Test func aHookPointListsItsHooksInRunOrderAndForgetsRemovedOnes() {
        let r = Recorder()
        r.point.add(r.after("a"), side: .script)
        let instead = r.point.add(r.instead("i"))
        r.point.add(r.before("b"), once: true, scope: .matching { $0.value > 1 })
        #expect(r.point.registrations == [
            HookRegistration(point: "probe", position: .before, side: .swift, once: true, scoped: true),
            HookRegistration(point: "probe", position: .instead, side: .swift),
            HookRegistration(point: "probe", position: .after, side: .script),
        ])
        #expect(r.point.registrations[0].description == "before probe (swift, once, scoped)")
        instead.remove()
        #expect(r.point.registrations.map(\.position) == [.before, .after])
    }

    @Test func theRuntimeListsScreenAndCallHooksFromBothSides() async throws {
        let bundle = try Bundle(files: ["screens/home.lua": markingScreen("home")])
        defer { bundle.remove() }
        let runtime = try await bundle.runtime()
        _ = try await runtime.lua("""
        local intercept = require("lunar.intercept")
        intercept.call("native.calc", "add", "before", function() end)
        intercept.screen("didAppear", "after", function() end)
        """)
        let token = try await runtime.withInterceptors { intercept in
            try intercept.call("native.calc", "add", .after { _, _ in })
        }
        let listed = await runtime.withInterceptors { $0.registrations }
        #expect(listed.contains(HookRegistration(point: "screen.didAppear", position: .after, side: .script)))
        #expect(listed.contains(HookRegistration(point: "native.calc.add", position: .before, side: .script)))
        #expect(listed.contains(HookRegistration(point: "native.calc.add", position: .after, side: .swift)))
        // The default setup is a Swift hook after `load`.
        #expect(listed.contains(HookRegistration(point: "screen.load", position: .after, side: .swift)))
        _ = await runtime.withInterceptors { _ in token.remove() }
        let after = await runtime.withInterceptors { $0.registrations }
        #expect(!after.contains(HookRegistration(point: "native.calc.add", position: .after, side: .swift)))
    }
}
