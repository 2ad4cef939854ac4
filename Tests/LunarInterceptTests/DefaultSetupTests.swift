import LunarBridge
import LunarHeadlessHost
import LunarIntercept
@testable import LunarRuntime
import Testing
import LunarTestSupport

/// A screen declaring a view-model, marking its setup steps.
let loginScreen = """
local ui = require("lunar.ui")
local probe = require("native.probe")
local screen = { title = "login", viewModel = "viewmodels.login" }
function screen:load() probe.mark("load " .. tostring(rawget(self, "viewModel"))) end
function screen:bindViewModel(params)
  local vm = self.viewModel
  vm.binds = (vm.binds or 0) + 1
  probe.mark("bind ready=" .. tostring(vm.ready) .. " binds=" .. vm.binds .. " id=" .. tostring(params.id))
end
function screen:configNavigation() probe.mark("configNavigation") end
function screen:render() return ui.Text("login " .. tostring(self.viewModel and self.viewModel.ready)) end
return screen
"""

let loginViewModel = """
local probe = require("native.probe")
local vm = { }
function vm:initialize()
  self.ready = true
  probe.mark("initialize")
end
return vm
"""

@Suite struct DefaultSetupTests {
    func makeBundle(_ extra: [String: String] = [:]) throws -> Bundle {
        var files = ["screens/home.lua": "return { title = 'home', render = function() return require('lunar.ui').Text('home') end }\n", "screens/login.lua": loginScreen, "viewmodels/login.lua": loginViewModel]
        for (k, v) in extra { files[k] = v }
        return try Bundle(routes: ["/home": "screens.home", "/login": "screens.login"], files: files)
    }

    @Test func afterLoadTheViewModelIsMadeAndInitializedThenBindAndConfigRun() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        let marks = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks)
        #expect(marks.take() == [])
        try await runtime.run(.open("/login?id=1"))
        try await runtime.run(.open("/login?id=2"))
        // Each screen gets its own view-model instance (binds stays 1).
        #expect(marks.take() == [
            "load nil", "initialize", "bind ready=true binds=1 id=1", "configNavigation",
            "load nil", "initialize", "bind ready=true binds=1 id=2", "configNavigation",
        ])
        #expect(await runtime.snapshot().contains("Text \"login true\""))
    }

    @Test func aViewModelTableWorksAndOneSetByLoadIsLeftAlone() async throws {
        let bundle = try makeBundle([
            "screens/table.lua": """
            local screen = { title = "table", viewModel = require("viewmodels.login") }
            function screen:render() return require("lunar.ui").Text("t") end
            return screen
            """,
            "screens/own.lua": """
            local probe = require("native.probe")
            local screen = { title = "own", viewModel = "viewmodels.login" }
            function screen:load() self.viewModel = { mine = true } end
            function screen:bindViewModel() probe.mark("own mine=" .. tostring(self.viewModel.mine) .. " ready=" .. tostring(self.viewModel.ready)) end
            function screen:render() return require("lunar.ui").Text("o") end
            return screen
            """,
        ])
        defer { bundle.remove() }
        let marks = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks)
        _ = marks.take()
        try await runtime.run(.open("/navPush/table"))
        try await runtime.run(.open("/navPush/own"))
        #expect(marks.take() == ["initialize", "own mine=true ready=nil"])
    }

    @Test func viewModelHookPointsFromLuaAndSwift() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        let marks = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks)
        _ = try await runtime.lua("""
        local probe = require("native.probe")
        local intercept = require("lunar.intercept")
        intercept.viewmodel("create", "instead", function(proceed, definition, screen)
          local vm = proceed(definition, screen)
          vm.injected = "mock for " .. screen.title
          return vm
        end)
        intercept.viewmodel("create", "after", function(vm, screen) probe.mark("created " .. vm.injected) end)
        intercept.viewmodel("initialize", "before", function(vm) probe.mark("before init ready=" .. tostring(vm.ready)) end,
          { when = function(vm) return vm.initialize ~= nil end })
        intercept.viewmodel("initialize", "after", function(vm, screen) probe.mark("after init ready=" .. tostring(vm.ready) .. " " .. screen.title) end)
        """)
        _ = await runtime.withInterceptors { intercept in
            intercept.viewModel(.initialize, .before { call in marks.append("swift before init \(call.id.rawValue) defines=\(call.defines("initialize"))") })
        }
        _ = marks.take()
        try await runtime.run(.open("/login?id=1"))
        #expect(marks.take() == [
            "load nil", "created mock for login", "swift before init 2 defines=true", "before init ready=nil",
            "initialize", "after init ready=true login", "bind ready=true binds=1 id=1", "configNavigation",
        ])
    }

    @Test func hostsCanRemoveOrExtendTheDefaultSetup() async throws {
        let bundle = try makeBundle()
        defer { bundle.remove() }
        let marks = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks)
        _ = try await runtime.lua("""
        require("lunar.intercept").screen("load", "after", function(screen) require("native.probe").mark("lua after load " .. screen.title) end)
        """)
        _ = marks.take()
        try await runtime.run(.open("/login?id=1"))
        // A script's after-load hook runs after the default setup (Swift hooks first).
        #expect(marks.take() == ["load nil", "initialize", "bind ready=true binds=1 id=1", "configNavigation", "lua after load login"])
        let removed = await runtime.withInterceptors { intercept in
            let first = intercept.defaultSetup.remove()
            intercept.screen(.load, .after { call, _ in marks.append("host setup \(call.module)") })
            return [first, intercept.defaultSetup.remove()]
        }
        #expect(removed == [true, false])
        try await runtime.run(.open("/login?id=2"))
        #expect(marks.take() == ["load nil", "host setup screens.login", "lua after load login"])
    }

    @Test func aFailingSetupStepStopsTheRestAndShowsTheError() async throws {
        let bundle = try makeBundle([
            "viewmodels/broken.lua": "return { initialize = function(self) error('vm broke') end }\n",
            "screens/brokenvm.lua": """
            local probe = require("native.probe")
            return { viewModel = "viewmodels.broken",
                     bindViewModel = function() probe.mark("bind") end,
                     render = function() return require("lunar.ui").Text("never") end }
            """,
            "screens/brokenbind.lua": """
            local probe = require("native.probe")
            return { bindViewModel = function() error("bind broke") end,
                     configNavigation = function() probe.mark("config") end,
                     willAppear = function() probe.mark("willAppear") end,
                     render = function() return require("lunar.ui").Text("never") end }
            """,
        ])
        defer { bundle.remove() }
        let marks = SharedLog<String>()
        let runtime = try await bundle.runtime(marks: marks)
        _ = marks.take()
        try await runtime.run(.open("/navPush/brokenvm"))
        var snapshot = await runtime.snapshot()
        #expect(snapshot.contains("vm broke") && snapshot.contains("viewmodels/broken.lua:1"), "\(snapshot)")
        try await runtime.run(.back)
        try await runtime.run(.open("/navPush/brokenbind"))
        snapshot = await runtime.snapshot()
        #expect(snapshot.contains("bind broke"), "\(snapshot)")
        #expect(!snapshot.contains("never"))
        #expect(marks.take() == [])
    }

    @Test func instanceScopedHooksGoAwayWithTheirScreen() async throws {
        let bundle = try makeBundle([
            "screens/scoped.lua": """
            local screen = { title = "scoped" }
            function screen:load()
              require("lunar.intercept").screen("didAppear", "before", function() end, { instance = self })
            end
            function screen:render() return require("lunar.ui").Text("s") end
            return screen
            """,
        ])
        defer { bundle.remove() }
        let runtime = try await bundle.runtime()
        func instanceHooks() async -> Int {
            await runtime.withHost { host, _ in host.interceptors.point(for: .didAppear).count(at: .before) }
        }
        #expect(await instanceHooks() == 0)
        try await runtime.run(.open("/navPush/scoped"))
        try await runtime.run(.open("/navPush/scoped"))
        #expect(await instanceHooks() == 2)
        try await runtime.run(.back)
        #expect(await instanceHooks() == 1)
        try await runtime.run(.back)
        #expect(await instanceHooks() == 0)
    }
}
