import Foundation
import LunarBridge
@testable import LunarRuntime
import LunarTestSupport
import LunarUI
import Testing

/// `nav.push(route, params)`: the params a screen's address can carry (strings, numbers,
/// booleans) travel in it as query items, so a deep link of the address (a browser refresh, a
/// restart) opens the screen with them again; a table reaches this push only (issue 30).
@Suite struct NavigationParamsTests {
    static let files = [
        "screens/home.lua": """
            local ui = require("lunar.ui")
            return { render = function() return ui.Text "home" end }
            """,
        "screens/item.lua": """
            local ui = require("lunar.ui")
            local screen = {}
            function screen:load(params)
              local names = {}
              for k, v in pairs(params) do names[#names + 1] = k .. "=" .. (type(v) == "table" and "table" or tostring(v)) .. ":" .. type(v) end
              table.sort(names)
              self.seen = table.concat(names, " ")
            end
            function screen:render() return ui.Text { self.seen, id = "seen" } end
            return screen
            """,
    ]

    static func address(_ runtime: LunarRuntime) async -> String? {
        await runtime.withHost { host, _ in host.visibleScreen.flatMap { host.address(of: $0) } }
    }

    @Test func scalarParamsTravelInTheAddressAndComeBackFromIt() async throws {
        let bundle = try TestBundle(routes: ["/home": "screens.home", "/items/:id": "screens.item"], files: Self.files)
        defer { bundle.remove() }
        let runtime = try await bundle.start()
        _ = try await runtime.lua("""
            require('lunar.navigator').push('/items/7', { tab = 'reviews & more', page = 2, open = true, item = { title = 'Dune' } })
            """)
        // This push gets every param as given, the table too.
        #expect(await runtime.snapshot().contains(#"Text #seen "id=7:string item=table:table open=true:boolean page=2:number tab=reviews & more:string""#))
        // The address holds the ones a URL can: the route's own variable is not repeated.
        let address = try #require(await Self.address(runtime))
        #expect(address == "/items/7?open=true&page=2&tab=reviews%20%26%20more")

        // Opening that address (what a refresh or a deep link does) gives them back, as text.
        let fresh = try await bundle.start()
        _ = try await fresh.lua("require('lunar.navigator').push('\(address)')")
        #expect(await fresh.snapshot().contains(#"Text #seen "id=7:string open=true:string page=2:string tab=reviews & more:string""#))
    }

    @Test func tablesAreNamedAndTheAddressIsUnchangedWithoutScalars() {
        let (carried, tables) = NavigationParams.split(LuaTable(fields: [
            "item": .table(LuaTable()), "n": .number(2.5), "on": .boolean(false), "ids": .table(LuaTable(array: [.integer(1)])),
        ]))
        #expect(carried.map(\.key) == ["n", "on"])
        #expect(carried.map(\.value) == ["2.5", "false"])
        #expect(tables == ["ids", "item"])
        #expect(NavigationParams.address("/a?x=1#top", adding: [("y", "2")]) == "/a?x=1&y=2#top")
        #expect(NavigationParams.address("/a", adding: []) == "/a")
    }
}
