import Foundation
import LunarBundle
import LunarRuntime
import LunarTestSupport
import Testing

/// `lunar check` reads the app scripts for what a run would trip over (issue 30), each a problem
/// with `file:line`: a bridge function that does not exist, a literal navigation target or
/// `require` that names nothing, an element prop the element does not take.
@Suite struct BundleCheckReadingTests {
    static let api = BundleCheck.APIShape(BridgeAPI.described())

    static func check(_ files: [String: String]) throws -> BundleCheck {
        let bundle = try BundleDirectory(files: files.merging([
            "manifest.json": BundleDirectory.manifest(routes: ["/home": "screens.home", "/items/:id": "screens.item"]),
            "screens/item.lua": "return { render = function() return require('lunar.ui').Text 'item' end }",
        ]) { old, _ in old })
        defer { bundle.remove() }
        return BundleCheck(directory: bundle.root, bridgeAPI: BridgeAPI.version, api: api)
    }

    @Test func findsEachMistakeAtItsLine() throws {
        let check = try Self.check(["screens/home.lua": """
            local ui = require("lunar.ui")
            local decode = require("lunar.decode")
            local nav = require("lunar.navigator")
            local router = require("lunar.router")
            local helpers = require("helpers")
            local screen = {}
            function screen:load(params)
              self.ok = decode.boolean(params, "ok")
              self.name = decode.strng(params, "name")
            end
            function screen:render()
              return ui.Column {
                ui.TextField { placeholder = "Age", selectionColor = "red", keyboardType = "numeric", returnKeyType = "done" },
                ui.Text { "hi", txt = "x" },
                ui.Button { title = "Open", onPress = function() nav.push("/itemz/3") end },
                ui.Button { title = "Profile", onPress = function() nav.present("profile") end },
                ui.Button { title = "Nowhere", onPress = function() router.open("/nowhere") end },
              }
            end
            return screen
            """])
        #expect(check.problems == [
            "screens/home.lua:5: require(\"helpers\"): there is no helpers.lua or helpers/init.lua in the bundle, and it is not a lunar module",
            "screens/home.lua:8: decode.boolean: lunar.decode has no function 'boolean' (it has array, at, bool, integer, number, string, table)",
            "screens/home.lua:9: decode.strng: lunar.decode has no function 'strng' (did you mean 'string'?)",
            "screens/home.lua:13: ui.TextField has no prop 'selectionColor' (ui.TextField takes autoCapitalize, autoCorrect, autoFocus, "
                + "bind, disabled, keyboardType, maxLength, multiline, numberOfLines, placeholder, returnKeyType, secure, value, and what every element takes: id, key, style, accessibilityLabel, accessibilityRole, accessibilityHint, "
                + "accessibilityState, onPress, onLongPress, onChange, onSubmit, onScroll, onEndReached, onLoad, onError, onLayout)",
            "screens/home.lua:13: ui.TextField: keyboardType must be one of \"default\", \"number\", \"decimal\", \"email\", \"phone\", \"url\" (got \"numeric\")",
            "screens/home.lua:14: ui.Text has no prop 'txt' (did you mean 'text'?)",
            "screens/home.lua:15: nav.push(\"/itemz/3\"): no manifest route matches '/itemz/3' (routes: /home, /items/:id)",
            "screens/home.lua:16: nav.present(\"profile\"): no screen 'profile': no manifest route '/profile', no module 'screens.profile' or 'profile'",
            "screens/home.lua:17: router.open(\"/nowhere\"): no route matches '/nowhere' (the manifest's, /navPush/:screen, /navPresent/:screen)",
        ])
        #expect(!check.passed)
    }

    @Test func whatItCannotJudgeIsNotAProblem() throws {
        let check = try Self.check([
            "screens/home.lua": """
                local ui = require("lunar.ui")
                local decode = require("lunar.decode")
                local nav = require "lunar.navigator"
                local router = require("lunar.router")
                local theme = require("theme")
                local greeter = require("native.greeter")   -- a host's module: not lunar check's to know
                local components = require("components")
                local json = require("lunar.json")
                ui.card = function(title) return ui.Text(title) end   -- a field a script adds
                router.add("/promo/:code", function() end)
                local screen = {}
                function screen:render(id)
                  local view = { decode = "not the module" }
                  nav.push("/items/" .. id)
                  nav.push("/items/3?tab=reviews", { from = "home" })
                  nav.push("item")
                  router.open("/navPush/item")
                  router.open("/promo/spring")
                  local spec = { keyboardType = "numeric" }
                  return ui.Column {
                    ui.card("x"), ui.TextField(spec), components.Button { label = "a component's prop" },
                    ui.Text { "A", ["data-x"] = 1, style = theme.title }, greeter.hello(), json.encode(view),
                  }
                end
                return screen
                """,
            "theme.lua": "return { title = { fontSize = 20 } }",
            "components/init.lua": "return { Button = function(props) return require('lunar.ui').Text(props.label) end }",
            // A name bound again is not followed: this decode is a plain table.
            "screens/other.lua": """
                local decode = require("lunar.decode")
                decode = { boolean = function() return true end }
                return { render = function() return require("lunar.ui").Text(tostring(decode.boolean())) end }
                """,
        ])
        #expect(check.problems == [])
    }

    @Test func routerOpenIsNotJudgedWhenRoutesAreAddedAtRunTime() throws {
        let check = try Self.check(["screens/home.lua": """
            local router = require("lunar.router")
            local prefix = "/dyn"
            router.add(prefix .. "/:id", function() end)
            return { render = function() router.open("/dyn/1"); return require("lunar.ui").Text "x" end }
            """])
        #expect(check.problems == [])
    }

    @Test func specsAndMockAPIHandlersAreNotRead() throws {
        let check = try Self.check([
            "screens/home.lua": "return { render = function() return require('lunar.ui').Text 'x' end }",
            "spec/home_spec.lua": "local decode = require('lunar.decode'); local _ = decode.boolean",
            "mock-api/GET/items.lua": "local fixtures = require('fixtures'); return fixtures",
        ])
        #expect(check.problems == [])
    }
}
