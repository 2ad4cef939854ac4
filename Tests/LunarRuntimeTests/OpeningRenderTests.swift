import Foundation
import LunarBridge
import LunarHeadlessHost
import LunarRuntime
import Testing

/// A screen opens with one render unless an appear step ran code (issue 35): the render after
/// `willAppear`/`didAppear` is for what those steps changed, and when the screen defines neither
/// (and the covered screen no disappear step, and no interceptor is on one) there is nothing to show.
@Suite struct OpeningRenderTests {
    /// A screen titled `name` that counts its renders in the global `renders[name]` and shows
    /// `self.status`; `methods` is Lua defining more of its methods.
    static func screen(_ name: String, _ methods: String = "") -> String {
        """
        local ui = require("lunar.ui")
        local screen = { title = "\(name)" }
        renders = renders or {}
        function screen:load() self.status = "loaded" end
        \(methods)
        function screen:render()
          renders["\(name)"] = (renders["\(name)"] or 0) + 1
          return ui.Column { ui.Text("\(name) " .. self.status .. " " .. (shared or "")) }
        end
        return screen
        """
    }

    func start(_ files: [String: String]) async throws -> (TestBundle, LunarRuntime) {
        let bundle = try TestBundle(routes: ["/home": "screens.home", "/detail": "screens.detail"], files: files)
        return (bundle, try await bundle.start())
    }

    /// How many times `name` rendered, read raw (running Lua would be a turn of Lua, which renders).
    func renders(_ runtime: LunarRuntime, _ name: String) async throws -> Int {
        try await runtime.withHost { _, state in
            guard case .table(let table) = try state.global("renders") else { return 0 }
            return table[name].intValue ?? 0
        }
    }

    @Test func aScreenWithoutAppearHooksRendersOnceWhenOpened() async throws {
        let (bundle, runtime) = try await start(["screens/home.lua": Self.screen("home"), "screens/detail.lua": Self.screen("detail")])
        defer { bundle.remove() }
        #expect(await runtime.snapshot().contains("Text \"home loaded \""))
        #expect(try await renders(runtime, "home") == 1)
        try await runtime.run(.open("/navPush/detail"))
        #expect(await runtime.snapshot().contains("Text \"detail loaded \""))
        #expect(try await renders(runtime, "detail") == 1)
        #expect(try await renders(runtime, "home") == 1)
    }

    @Test func aDidAppearThatChangesAFieldShowsTheChange() async throws {
        let (bundle, runtime) = try await start([
            "screens/home.lua": Self.screen("home", #"function screen:didAppear() self.status = "shown" end"#),
            "screens/detail.lua": Self.screen("detail"),
        ])
        defer { bundle.remove() }
        #expect(await runtime.snapshot().contains("Text \"home shown \""))
        #expect(try await renders(runtime, "home") == 2)
    }

    @Test func anInterceptorOnAnAppearStepShowsWhatItChanged() async throws {
        let (bundle, runtime) = try await start([
            "app.lua": """
                require("lunar.intercept").screen("willAppear", "after", function(screen) screen.status = "intercepted" end)
                """,
            "screens/home.lua": Self.screen("home"),
            "screens/detail.lua": Self.screen("detail"),
        ])
        defer { bundle.remove() }
        #expect(await runtime.snapshot().contains("Text \"home intercepted \""))
        try await runtime.run(.open("/navPush/detail"))
        #expect(await runtime.snapshot().contains("Text \"detail intercepted \""))
    }

    @Test func theCoveredScreensDisappearStepsCountAsCode() async throws {
        // home's didDisappear changes what detail shows: detail renders again after it.
        let (bundle, runtime) = try await start([
            "screens/home.lua": Self.screen("home", #"function screen:didDisappear() shared = "covered" end"#),
            "screens/detail.lua": Self.screen("detail"),
        ])
        defer { bundle.remove() }
        try await runtime.run(.open("/navPush/detail"))
        #expect(await runtime.snapshot().contains("Text \"detail loaded covered\""))
        #expect(try await renders(runtime, "detail") == 2)
    }
}
