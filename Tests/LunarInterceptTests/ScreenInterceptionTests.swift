import LunarBridge
import LunarHeadlessHost
import LunarIntercept
import LunarRuntime
import LunarUI
import Testing
import LunarTestSupport

@Suite struct ScreenInterceptionTests {
    @Test func orderMatrixOnALifecycleStep() async throws {
        let bundle = try Bundle(routes: ["/home": "screens.home", "/next": "screens.next"],
                                files: ["screens/home.lua": markingScreen("home"), "screens/next.lua": markingScreen("next")])
        defer { bundle.remove() }
        let marks = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks)
        func lua(_ name: String) async throws {
            _ = try await runtime.lua("""
            local probe = require("native.probe")
            local intercept = require("lunar.intercept")
            intercept.screen("didAppear", "after", function(screen) probe.mark("a\(name) " .. screen.title) end)
            intercept.screen("didAppear", "instead", function(proceed, screen)
              probe.mark("i\(name)>"); proceed(screen); probe.mark("<i\(name)")
            end)
            intercept.screen("didAppear", "before", function(screen) probe.mark("b\(name) " .. screen.title) end)
            """)
        }
        func swift(_ name: String) async {
            await runtime.withInterceptors { intercept in
                intercept.screen(.didAppear, .after { call, _ in marks.append("a\(name) \(call.module)") })
                intercept.screen(.didAppear, .instead { call, proceed in
                    marks.append("i\(name)>")
                    let results = try proceed(call)
                    marks.append("<i\(name)")
                    return results
                })
                intercept.screen(.didAppear, .before { call in marks.append("b\(name) \(call.module)") })
            }
        }
        try await lua("L1")
        await swift("S1")
        try await lua("L2")
        await swift("S2")
        _ = marks.take()
        try await runtime.run(.open("/next"))
        let all = marks.take()
        let appear = Array(all.drop(while: { $0 != "home.didDisappear" }).dropFirst())
        #expect(appear == [
            "bS1 screens.next", "bS2 screens.next", "bL1 next", "bL2 next",
            "iS1>", "iS2>", "iL1>", "iL2>", "next.didAppear", "<iL2", "<iL1", "<iS2", "<iS1",
            "aS1 screens.next", "aS2 screens.next", "aL1 next", "aL2 next",
        ], "\(all)")
    }

    @Test func everyStepAndRenderIsAHookPoint() async throws {
        let bundle = try Bundle(routes: ["/home": "screens.home", "/next": "screens.next"],
                                files: ["screens/home.lua": markingScreen("home"), "screens/next.lua": markingScreen("next")])
        defer { bundle.remove() }
        let marks = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks)
        _ = try await runtime.lua("""
        local probe = require("native.probe")
        local intercept = require("lunar.intercept")
        for _, event in ipairs({ "load", "bindViewModel", "configNavigation", "render", "willAppear", "didAppear", "willDisappear", "didDisappear", "unload" }) do
          intercept.screen(event, "before", function(screen, params)
            if screen.title == "next" then probe.mark(">" .. event .. (params and (" " .. tostring(params.id)) or "")) end
          end)
        end
        """)
        _ = marks.take()
        try await runtime.run(.open("/next?id=5"))
        try await runtime.run(.back)
        let next = marks.take().filter { $0.hasPrefix(">") || $0.hasPrefix("next.") }
        #expect(Array(next.prefix(10)) == [
            ">load 5", "next.load", ">bindViewModel 5", "next.bindViewModel", ">configNavigation", "next.configNavigation",
            ">render", ">willAppear", "next.willAppear", ">didAppear",
        ], "\(next)")
        #expect(Array(next.suffix(6)) == [">willDisappear", "next.willDisappear", ">didDisappear", "next.didDisappear", ">unload", "next.unload"], "\(next)")
    }

    @Test func insteadOnRenderReplacesTheTreeAndOnLoadSkipsTheMethod() async throws {
        let bundle = try Bundle(routes: ["/home": "screens.home", "/next": "screens.next"],
                                files: ["screens/home.lua": markingScreen("home"), "screens/next.lua": markingScreen("next")])
        defer { bundle.remove() }
        let marks = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks)
        _ = try await runtime.lua("""
        local ui = require("lunar.ui")
        local intercept = require("lunar.intercept")
        intercept.screen("render", "instead", function(proceed, screen)
          return ui.Column { proceed(screen), ui.Text("debug: " .. screen.title) }
        end)
        intercept.screen("load", "instead", function(proceed, screen, params) end, { once = true })
        """)
        _ = marks.take()
        try await runtime.run(.open("/next"))
        let snapshot = await runtime.snapshot()
        #expect(snapshot.contains("Text \"next\""), "\(snapshot)")
        #expect(snapshot.contains("Text \"debug: next\""), "\(snapshot)")
        #expect(!marks.all.contains("next.load"))
        #expect(marks.all.contains("next.bindViewModel"))  // load "succeeded": the default setup ran
    }

    @Test func scopesAndOnce() async throws {
        let bundle = try Bundle(
            routes: ["/home": "screens.home", "/plain": "screens.plain", "/bound": "screens.bound"],
            files: [
                "screens/home.lua": markingScreen("home"),
                "screens/plain.lua": "local ui = require('lunar.ui')\nreturn { title = 'plain', render = function() return ui.Text('plain') end }\n",
                "screens/bound.lua": markingScreen("bound", extra: """
                local load = screen.load
                function screen:load(params)
                  load(self)
                  -- this screen only: removed when it closes
                  require("lunar.intercept").screen("willAppear", "after", function(s) probe.mark("mine " .. s.title) end, { instance = self })
                end
                """),
            ])
        defer { bundle.remove() }
        let marks = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks)
        _ = try await runtime.lua("""
        local probe = require("native.probe")
        local intercept = require("lunar.intercept")
        intercept.screen("didAppear", "after", function(s) probe.mark("conforming " .. s.title) end,
          { when = function(s) return s.bindViewModel ~= nil end })
        intercept.screen("didAppear", "after", function(s) probe.mark("first " .. s.title) end, { once = true })
        """)
        _ = await runtime.withInterceptors { intercept in
            intercept.screen(.didAppear, .after { call, _ in marks.append("swift-scoped \(call.module)") },
                             scope: .matching { $0.defines("configNavigation") && $0.module != "screens.home" })
        }
        _ = marks.take()
        try await runtime.run(.open("/plain"))
        #expect(marks.take().filter { !$0.hasPrefix("home.") } == ["first plain"])
        try await runtime.run(.open("/bound"))
        #expect(marks.take().filter { !$0.hasPrefix("bound.") } == ["mine bound", "swift-scoped screens.bound", "conforming bound"])
        try await runtime.run(.back)
        #expect(marks.take().filter { !$0.hasPrefix("bound.") && !$0.hasPrefix("plain.") } == [])
        try await runtime.run(.open("/bound"))
        // One instance hook: the one the new screen registered (the old one went with its screen).
        #expect(marks.take().filter { $0.hasPrefix("mine") } == ["mine bound"])
        let bad = try await runtime.lua("""
        local ok, err = pcall(require("lunar.intercept").screen, "didAppear", "after", function() end, { instance = {} })
        local ok2, err2 = pcall(require("lunar.intercept").screen, "appear", "after", function() end)
        return err, err2
        """)
        #expect(bad[0].stringValue?.contains("field 'instance': not an open screen") == true, "\(bad)")
        #expect(bad[1].stringValue?.contains("unknown screen event 'appear' (expected 'load', 'bindViewModel'") == true, "\(bad)")
    }

    @Test func hookErrorsAreReportedAndTheLifecycleGoesOn() async throws {
        let bundle = try Bundle(
            routes: ["/home": "screens.home", "/next": "screens.next"],
            files: [
                "screens/home.lua": markingScreen("home"),
                "screens/next.lua": markingScreen("next"),
                "hooks.lua": """
                local intercept = require("lunar.intercept")
                intercept.screen("load", "before", function() error("hook broke") end)
                intercept.screen("didAppear", "instead", function() error("instead broke") end)
                return true
                """,
            ])
        defer { bundle.remove() }
        let marks = SharedLog<String>(), errors = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks, errors: errors)
        _ = try await runtime.lua("require('hooks')")
        _ = await runtime.withInterceptors { intercept in
            intercept.screen(.willAppear, .before { _ in throw InterceptError("swift hook broke") })
        }
        _ = marks.take()
        _ = errors.take()
        try await runtime.run(.open("/next"))
        #expect(marks.take() == [
            "next.load", "next.bindViewModel", "next.configNavigation", "home.willDisappear", "next.willAppear",
            "home.didDisappear", "next.didAppear",
        ])
        let reports = errors.take()
        #expect(reports.count == 3, "\(reports)")
        #expect(reports[0].hasPrefix("hooks.lua:2: hook broke"))
        #expect(reports[1] == "error in before hook of screen.willAppear: swift hook broke")
        #expect(reports[2].hasPrefix("hooks.lua:3: instead broke"))
        #expect(await runtime.snapshot().contains("Text \"next\""))  // no error overlay
    }
}
