import Foundation
import LunarTestSupport
import Testing

/// What building an app tripped over (issue 30), through the `lunar` binary: `lunar check` reads
/// calls of bridge functions against the API `lunar types` describes, and `nav.push` of a
/// table param warns at the calling line on standard error.
@Suite struct ScriptMistakeTests {
    @Test func checkReportsABridgeFunctionThatDoesNotExist() throws {
        let dir = try BundleDirectory(prefix: "lunar-cli", files: [
            "manifest.json": BundleDirectory.manifest(),
            "screens/home.lua": """
                local ui = require("lunar.ui")
                local decode = require("lunar.decode")
                return { render = function(self) return ui.Text(tostring(decode.boolean(self, "ok"))) end }
                """,
        ])
        defer { dir.remove() }
        let r = try LunarProcess.run(["check", dir.root.path])
        #expect(r.status == 1)
        #expect(r.out.hasPrefix("screens/home.lua:3: decode.boolean: lunar.decode has no function 'boolean' (it has array, at, bool,"), "\(r.out)")
        #expect(r.out.hasSuffix(": 1 problem\n"), "\(r.out)")
        // `lunar bundle` checks as `lunar check` does, and packs nothing.
        let output = dir.root.appendingPathComponent("app.lunar")
        let bundle = try LunarProcess.run(["bundle", dir.root.path, "--output", output.path])
        #expect(bundle.status == 1)
        #expect(bundle.err.contains("screens/home.lua:3: decode.boolean: lunar.decode has no function 'boolean'"), "\(bundle.err)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aTableParamOfNavPushIsWarnedAboutAtTheCallOnce() throws {
        let dir = try BundleDirectory(prefix: "lunar-cli", files: [
            "manifest.json": BundleDirectory.manifest(routes: ["/home": "screens.home", "/items/:id": "screens.item"]),
            "screens/home.lua": """
                local ui = require("lunar.ui")
                local nav = require("lunar.navigator")
                return { render = function()
                  return ui.Button { title = "Open", onPress = function()
                    nav.push("/items/3", { item = { title = "Dune" }, tab = "reviews" }) end }
                end }
                """,
            "screens/item.lua": """
                local ui = require("lunar.ui")
                local nav = require("lunar.navigator")
                return { load = function(self, p) self.title = p.item.title .. "-" .. p.tab end,
                         render = function(self) return ui.Button { title = self.title, onPress = function() nav.pop() end } end }
                """,
        ])
        defer { dir.remove() }
        let r = try LunarProcess.run(["run", dir.root.path], stdin: "tap Open\nsnapshot\ntap Dune-reviews\ntap Open\n")
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains(#"Button "Dune-reviews""#), "\(r.out)")
        let warnings = r.err.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1, "\(r.err)")
        #expect(warnings.first?.contains(#"[screens/home.lua:5] nav.push("/items/3"): param 'item' is a table, which the screen's address cannot carry"#) == true, "\(r.err)")
    }
}
