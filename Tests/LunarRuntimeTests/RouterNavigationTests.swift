import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarTestSupport
import Testing

@testable import LunarRuntime

/// `lunar.router` in a running bundle: the same router holds the runtime's
/// navigation routes, so opening `/navPush/...` from Lua navigates.
@Suite struct RouterNavigationTests {
    @Test func openingNavigationRoutesFromLuaPushesScreens() async throws {
        let bundle = try BundleDirectory(prefix: "lunar-router", files: [
            "manifest.json": #"{"name": "nav", "version": "1.0.0", "entry": "/home", "routes": {"/home": "screens.home"}}"#,
            "screens/home.lua": """
                return { render = function(self) return require("lunar.ui").Text("home") end }
                """,
            "screens/profile.lua": """
                return {
                  load = function(self, params) opened = params end,
                  render = function(self) return require("lunar.ui").Text("profile " .. opened.id) end,
                }
                """,
        ])
        defer { bundle.remove() }
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root))
        try await runtime.start(renderer: HeadlessRenderer())
        let (results, stack) = try await runtime.withHost { host, state in
            let results = try state.run("""
                local router = require("lunar.router")
                local payload = {}
                local pushed = router.open("/navPush/profile?id=3", { payload = payload })
                return pushed, opened.id, opened.payload == payload, opened.screen,
                  router.open("/navPresent/nowhere"), router.canOpen("/home")
                """, name: "@spec.lua")
            return (results, host.stackDescription.map(\.module))
        }
        #expect(results == [true, "3", true, nil, false, true])
        #expect(stack == ["screens.home", "screens.profile"])
    }

    @Test func luaRoutesAnswerURLsTheHostOpens() async throws {
        let bundle = try BundleDirectory(prefix: "lunar-router", files: [
            "manifest.json": #"{"name": "cb", "version": "1.0.0", "entry": "/home", "routes": {"/home": "screens.home"}}"#,
            "screens/home.lua": """
                local router = require("lunar.router")
                router.add("/callBack/*", function(params, match) calledBack = table.concat(match.wildcard, "/") .. "?" .. params.result end)
                return { render = function(self) return require("lunar.ui").Text("home") end }
                """,
        ])
        defer { bundle.remove() }
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root))
        try await runtime.start(renderer: HeadlessRenderer())
        let opened = await runtime.open("myapp://callBack/login/done?result=ok")
        let calledBack = try await runtime.withHost { _, state in try state.global("calledBack") }
        #expect(opened)
        #expect(calledBack == "login/done?ok")
    }
}
