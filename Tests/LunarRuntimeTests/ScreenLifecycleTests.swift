import Foundation
import LunarBase
import LunarBridge
import LunarHeadlessHost
import LunarRuntime
import Testing

/// A screen module that logs every lifecycle call into the global `events`.
func loggingScreen(_ name: String, body: String? = nil) -> String {
    let body = body ?? "ui.Text('\(name)')"
    return """
    local ui = require("lunar.ui")
    local screen = { title = "\(name)" }
    events = events or {}
    local function log(what) events[#events + 1] = "\(name)." .. what end
    for _, m in ipairs({ "bindViewModel", "configNavigation", "willAppear", "didAppear", "willDisappear", "didDisappear", "unload" }) do
      screen[m] = function() log(m) end
    end
    function screen:load(params)
      log("load")
      self.params = params
    end
    function screen:render()
      log("render")
      return ui.Column { \(body) }
    end
    return screen
    """
}

func expectEvents(_ got: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(got == expected, "got \(got)", sourceLocation: sourceLocation)
}

@Suite struct ScreenLifecycleTests {
    @Test func lifecycleOrderAcrossPushPopPresentDismiss() async throws {
        let bundle = try TestBundle(
            routes: ["/home": "screens.home", "/detail": "screens.detail", "/modal": "screens.modal"],
            files: [
                "screens/home.lua": loggingScreen("home"),
                "screens/detail.lua": loggingScreen("detail"),
                "screens/modal.lua": loggingScreen("modal"),
            ])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        // Renders before the first and after the last lifecycle call are re-renders
        // (the runtime renders after every turn of Lua, including this drain's);
        // they carry no lifecycle meaning, so drop them.
        func drain() async throws -> [String] {
            let r = try await runtime.lua("local e = events; events = {}; return table.concat(e, ' ')")
            var list = r[0].stringValue?.split(separator: " ").map(String.init) ?? []
            while list.last?.hasSuffix(".render") == true { list.removeLast() }
            while list.first?.hasSuffix(".render") == true { list.removeFirst() }
            return list
        }
        try expectEvents(await drain(), ["home.load", "home.bindViewModel", "home.configNavigation", "home.render", "home.willAppear", "home.didAppear"])
        try await runtime.run(.open("/navPush/detail"))
        try expectEvents(await drain(), [
            "detail.load", "detail.bindViewModel", "detail.configNavigation", "detail.render",
            "home.willDisappear", "detail.willAppear", "home.didDisappear", "detail.didAppear",
        ])
        try await runtime.run(.back)
        try expectEvents(await drain(), [
            "detail.willDisappear", "home.willAppear", "detail.didDisappear", "home.didAppear", "detail.unload",
        ])
        try await runtime.run(.open("/navPresent/modal"))
        _ = try await drain()
        #expect(await runtime.snapshot().hasPrefix("== modal == (modal)"))
        try await runtime.run(.open("/navPush/detail"))
        _ = try await drain()
        // Dismissing the modal stack unloads every screen on it, top first.
        _ = try await runtime.lua("require('lunar.navigator').dismiss()")
        try expectEvents(await drain(), [
            "detail.willDisappear", "home.willAppear", "detail.didDisappear", "home.didAppear",
            "detail.unload", "modal.unload",
        ])
        #expect(await runtime.snapshot().hasPrefix("== home =="))
    }

    @Test func routeVariablesQueryItemsAndExtraParamsReachLoad() async throws {
        let bundle = try TestBundle(
            routes: ["/home": "screens.home", "/items/:id": "screens.item"],
            files: [
                "screens/home.lua": loggingScreen("home"),
                "screens/item.lua": loggingScreen("item", body: "ui.Text('id=' .. self.params.id .. ' tab=' .. tostring(self.params.tab) .. ' from=' .. tostring(self.params.from))"),
                "screens/profile.lua": loggingScreen("profile", body: "ui.Text('user ' .. self.params.id)"),
            ])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        try await runtime.run(.open("/items/42?tab=reviews"))
        #expect(await runtime.snapshot().contains("Text \"id=42 tab=reviews from=nil\""))
        _ = try await runtime.lua("require('lunar.navigator').push('/items/7', { from = 'test' })")
        #expect(await runtime.snapshot().contains("Text \"id=7 tab=nil from=test\""))
        // /navPush resolves a screen name through screens.<name>.
        try await runtime.run(.open("/navPush/profile?id=3"))
        #expect(await runtime.snapshot().contains("Text \"user 3\""))
        let stack = try await runtime.lua("local s = require('lunar.navigator').stack(); return #s, s[1].screen, s[4].screen")
        #expect(stack == [4, "screens.home", "screens.profile"])
        await #expect(throws: MessageError("no route matches")) { try await runtime.run(.open("/nowhere")) }
    }

    @Test func renderAndLifecycleErrorsShowAnOverlayAndBackStillWorks() async throws {
        let bundle = try TestBundle(files: [
            "screens/home.lua": loggingScreen("home"),
            "screens/broken.lua": """
            local ui = require("lunar.ui")
            local screen = { title = "Broken" }
            function screen:render()
              local user = nil
              return ui.Text(user.name)
            end
            return screen
            """,
            "screens/badload.lua": "local s = {}\nfunction s:load() error('no data') end\nfunction s:render() end\nreturn s\n",
            "screens/syntax.lua": "local s = {\nreturn s\n",
        ])
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        try await runtime.run(.open("/navPush/broken"))
        let overlay = await runtime.snapshot()
        #expect(overlay.contains("Error \"attempt to index a nil value (local 'user')\""))
        #expect(overlay.contains("at screens/broken.lua:5"))
        #expect(overlay.contains(">  5 |   return ui.Text(user.name)") || overlay.contains("> 5 |   return ui.Text(user.name)"))
        try await runtime.run(.back)
        #expect(await runtime.snapshot().hasPrefix("== home =="))
        try await runtime.run(.open("/navPush/badload"))
        #expect(await runtime.snapshot().contains("no data"))
        try await runtime.run(.back)
        try await runtime.run(.open("/navPush/syntax"))
        let syntax = await runtime.snapshot()
        #expect(syntax.contains("screens/syntax.lua"))
        try await runtime.run(.back)
        #expect(await runtime.snapshot().hasPrefix("== home =="))
    }
}
