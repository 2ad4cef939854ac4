import Foundation
import LunarBridge
import LunarHeadlessHost
import LunarRuntime
import Testing
import LunarTestSupport

/// Navigation asked for while screens are changing (a lifecycle method, an interceptor,
/// `render()`) waits for the change to end and then runs, in order; it never reaches the
/// renderer in an order it cannot take. Each case used to trip a precondition in the
/// headless renderer and kill the host (issue 23, item 1).
@Suite struct NavigationDuringTransitionTests {
    /// A screen with a title, a body of Lua methods, and a button per route in `buttons`.
    static func screen(_ title: String, _ methods: String = "", buttons: [String] = []) -> String {
        let list = buttons.map { "ui.Button { title = 'to \($0)', onPress = function() nav.push('\($0)') end }" }
        return """
        local ui = require("lunar.ui")
        local nav = require("lunar.navigator")
        local screen = { title = "\(title)" }
        \(methods)
        function screen:render()
          return ui.Column { ui.Text("\(title)"), \(list.joined(separator: ", ")) }
        end
        return screen
        """
    }

    static let routes = ["/home": "screens.home", "/a": "screens.a", "/b": "screens.b", "/m": "screens.m"]

    func start(_ files: [String: String]) async throws -> (TestBundle, LunarRuntime, SharedLog<LuaScriptError>) {
        let bundle = try TestBundle(routes: Self.routes, files: files)
        let runtime = try await bundle.start()
        let log = SharedLog<LuaScriptError>()
        await runtime.onScriptError { log.append($0) }
        return (bundle, runtime, log)
    }

    func stack(_ runtime: LunarRuntime) async throws -> String {
        try await runtime.lua("""
            local names = {}
            for _, entry in ipairs(require('lunar.navigator').stack()) do
              names[#names + 1] = entry.screen .. (entry.modal and '(modal)' or '')
            end
            return table.concat(names, ' ')
            """)[0].stringValue ?? ""
    }

    @Test func pushFromWillAppearWhileGoingBack() async throws {
        let (bundle, runtime, log) = try await start([
            "screens/home.lua": Self.screen("Home", """
                local visits = 0
                function screen:willAppear()
                  visits = visits + 1
                  if visits == 2 then nav.push("/b") end
                end
                """, buttons: ["/b"]),
            "screens/b.lua": Self.screen("B"),
        ])
        defer { bundle.remove() }
        try await runtime.run(.tap("to /b"), .back)
        #expect(try await stack(runtime) == "screens.home screens.b")
        #expect(await runtime.snapshot().hasPrefix("== B =="))
        #expect(log.all.isEmpty, "\(log.all)")
    }

    @Test func popFromWillDisappear() async throws {
        let (bundle, runtime, log) = try await start([
            "screens/home.lua": Self.screen("Home", buttons: ["/a"]),
            "screens/a.lua": Self.screen("A", buttons: ["/b"]),
            "screens/b.lua": Self.screen("B", """
                local popped = false
                function screen:willDisappear()
                  if not popped then popped = true; nav.pop() end
                end
                """),
        ])
        defer { bundle.remove() }
        try await runtime.run(.tap("to /a"), .tap("to /b"), .back)
        // The back closes B; the pop B asked for while leaving then closes A.
        #expect(try await stack(runtime) == "screens.home")
        #expect(await runtime.snapshot().hasPrefix("== Home =="))
        #expect(log.all.isEmpty, "\(log.all)")
    }

    @Test func presentAndDismissFromWillDisappear() async throws {
        let (bundle, runtime, log) = try await start([
            "screens/home.lua": Self.screen("Home", buttons: ["/a"]),
            "screens/a.lua": Self.screen("A", """
                local left = 0
                function screen:willDisappear()
                  left = left + 1
                  if left == 1 then nav.present("/m") else nav.dismiss() end
                end
                """),
            "screens/m.lua": Self.screen("M"),
        ])
        defer { bundle.remove() }
        try await runtime.run(.tap("to /a"), .back)
        // A's willDisappear presented M over Home once A was gone.
        #expect(try await stack(runtime) == "screens.home screens.m(modal)")
        #expect(await runtime.snapshot().hasPrefix("== M == (modal)"))
        try await runtime.run(.back)
        #expect(try await stack(runtime) == "screens.home")
        #expect(log.all.isEmpty, "\(log.all)")
    }

    @Test func dismissFromAModalsWillDisappear() async throws {
        let (bundle, runtime, log) = try await start([
            "screens/home.lua": Self.screen("Home"),
            "screens/m.lua": Self.screen("M", "function screen:willDisappear() nav.dismiss() end", buttons: ["/b"]),
            "screens/b.lua": Self.screen("B"),
        ])
        defer { bundle.remove() }
        try await runtime.run(.open("/navPresent/m"))
        #expect(try await stack(runtime) == "screens.home screens.m(modal)")
        // Pushing B covers M, whose willDisappear asks to dismiss: once B is shown, the whole
        // modal stack (M and B) goes.
        try await runtime.run(.tap("to /b"))
        #expect(try await stack(runtime) == "screens.home")
        #expect(await runtime.snapshot().hasPrefix("== Home =="))
        #expect(log.all.isEmpty, "\(log.all)")
    }

    @Test func interceptorOnWillDisappearPops() async throws {
        let (bundle, runtime, log) = try await start([
            "app.lua": """
                local intercept = require("lunar.intercept")
                local nav = require("lunar.navigator")
                local once = false
                intercept.screen("willDisappear", "after", function(screen)
                  if screen.title == "B" and not once then once = true; nav.pop() end
                end)
                """,
            "screens/home.lua": Self.screen("Home", buttons: ["/a"]),
            "screens/a.lua": Self.screen("A", buttons: ["/b"]),
            "screens/b.lua": Self.screen("B"),
        ])
        defer { bundle.remove() }
        try await runtime.run(.tap("to /a"), .tap("to /b"), .back)
        #expect(try await stack(runtime) == "screens.home")
        #expect(log.all.isEmpty, "\(log.all)")
    }

    @Test func pushFromRenderShowsTheNewScreen() async throws {
        let (bundle, runtime, log) = try await start([
            "screens/home.lua": Self.screen("Home", buttons: ["/a"]),
            "screens/a.lua": """
                local ui = require("lunar.ui")
                local nav = require("lunar.navigator")
                local pushed = false
                return {
                  title = "A",
                  render = function()
                    if not pushed then pushed = true; nav.push("/b") end
                    return ui.Text("A")
                  end,
                }
                """,
            "screens/b.lua": Self.screen("B"),
        ])
        defer { bundle.remove() }
        try await runtime.run(.tap("to /a"))
        #expect(try await stack(runtime) == "screens.home screens.a screens.b")
        let snapshot = await runtime.snapshot()
        #expect(snapshot.hasPrefix("== B =="))
        #expect(snapshot.contains("Text \"B\""), "B rendered: \(snapshot)")
        #expect(log.all.isEmpty, "\(log.all)")
    }

    @Test func renderThatAlwaysPushesIsStoppedAtItsLine() async throws {
        let (bundle, runtime, log) = try await start([
            "screens/home.lua": Self.screen("Home", buttons: ["/a"]),
            "screens/a.lua": """
                local ui = require("lunar.ui")
                local nav = require("lunar.navigator")
                return {
                  title = "A",
                  render = function()
                    nav.push("/a")
                    return ui.Text("A")
                  end,
                }
                """,
        ])
        defer { bundle.remove() }
        try await runtime.run(.tap("to /a"))
        let error = try #require(log.all.first)
        #expect(error.message.hasPrefix("screens/a.lua:6: navigation loop"), "\(error.message)")
        // The host lives on: going home still works.
        try await runtime.run(.open("/home"))
        #expect(await runtime.snapshot().hasPrefix("== Home =="))
    }

    @Test func headlessSessionSurvivesNavigationInLifecycle() async throws {
        let (bundle, runtime, _) = try await start([
            "screens/home.lua": Self.screen("Home", "function screen:willAppear() nav.push('/a') end"),
            "screens/a.lua": Self.screen("A", "function screen:willDisappear() nav.pop() end"),
        ])
        defer { bundle.remove() }
        // Home's willAppear pushed A on start; every back re-appears Home, which pushes A again.
        #expect(try await stack(runtime) == "screens.home screens.a")
        try await runtime.run(.back, .back)
        #expect(try await stack(runtime).hasPrefix("screens.home"))
    }
}

