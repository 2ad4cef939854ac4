import Foundation
import LunarTestSupport
import Testing

/// `lunar types`, `lunar check` and `lunar new`, through the binary.
@Suite struct ToolsTests {
    static let showcase = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Showcase")

    /// Every file under `dir`, relative path → contents.
    static func tree(_ dir: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if isDirectory.boolValue { continue }
            files[String(url.standardizedFileURL.path.dropFirst(dir.standardizedFileURL.path.count + 1))] =
                try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    /// A bundle from `files` (relative path → contents) in a new temporary directory.
    static func bundle(_ files: [String: String]) throws -> URL {
        try BundleDirectory(prefix: "lunar-cli", files: files).root
    }

    static let goodScreen = "local ui = require('lunar.ui')\nreturn { render = function() return ui.Text 'hi' end }\n"

    static func manifest(entry: String = "/home", routes: [String: String] = ["/home": "screens.home"], bridgeAPI: String? = nil) -> String {
        let routeList = routes.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
        let api = bridgeAPI.map { ", \"bridgeAPI\": \"\($0)\"" } ?? ""
        return "{\"name\": \"t\", \"version\": \"1\", \"entry\": \"\(entry)\", \"routes\": {\(routeList)}\(api)}"
    }

    // MARK: - types

    @Test func typesAreDeterministicAndDescribeSeveralModules() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try LunarProcess.run(["types", dir.path])
        #expect(first.status == 0, "\(first.err)")
        let types = dir.appendingPathComponent(".lunar/types")
        let once = try Self.tree(types)
        let again = try LunarProcess.run(["types", dir.path])
        #expect(again.status == 0)
        #expect(try Self.tree(types) == once)

        // Native modules: parameter names and summaries from their declarations.
        let timer = try #require(once["lunar/timer.lua"])
        #expect(timer.hasPrefix("---@meta lunar.timer\n"))
        #expect(timer.contains("---Runs fn once, seconds from now.\n---@param seconds number\n---@param fn fun()\n---@return TimerHandle\nfunction lunar_timer.after(seconds, fn) end"))
        let signal = try #require(once["lunar/signal.lua"])
        #expect(signal.contains("---@generic T\n---@param initial T\n---@return Property<T>\nfunction lunar_signal.value(initial) end"))
        let router = try #require(once["lunar/router.lua"])
        #expect(router.contains("function lunar_router.open(url, params) end"))
        let root = try #require(once["lunar/init.lua"])
        #expect(root.contains("function lunar.async(fn, ...) end"))
        #expect(!once.values.contains { $0.contains("arg1") }, "a parameter without a name")
        // Lua-written modules come from the annotations in their sources; their native parts stay out.
        let decode = try #require(once["lunar/decode.lua"])
        #expect(decode.contains("---@param default string?\n---@return string\nfunction lunar_decode.string(t, key, default) end"))
        let ui = try #require(once["lunar/ui.lua"])
        #expect(ui.contains("---@param spec string|lunar.ui.TextFieldSpec\n---@return lunar.ui.Element\nfunction lunar_ui.TextField(spec) end"))
        #expect(ui.contains("---@param text string\nfunction lunar_ui.toast(text) end"))
        #expect(once["lunar/net.lua"]?.contains("function lunar_net.send(object, handler) end") == true)
        #expect(once["lunar/net.lua"]?.contains("function lunar_net.signal(object) end") == true)
        #expect(once["lunar/ui/native.lua"] == nil)
        // Classes with their methods and properties; signals are generic.
        let classes = try #require(once["classes.lua"])
        #expect(classes.contains("---@class Signal<T>\n"))
        #expect(classes.contains("---@generic U\n---@param transform fun(value: T): U\n---@return Signal<U>\nfunction Signal_T_:map(transform) end"))
        #expect(classes.contains("---@class Property<T>: Signal<T>\n"))
        #expect(classes.contains("---@class lunar.net.Request: lunar.net.Sendable\n"))
        #expect(classes.contains("---@class lunar.ui.TextFieldSpec: lunar.ui.Spec\n"))
        #expect(classes.contains("---@field placeholder string|Signal|nil\n"))
        #expect(classes.contains("---@field bind Property?\n"))
        // This host's own module, the spec library and the globals spec files see.
        #expect(once["native/host.lua"]?.contains("function native_host.environment(name) end") == true)
        #expect(once["lunar/test.lua"]?.contains("function lunar_test.describe(name, options, fn) end") == true)
        let globals = try #require(once["globals.lua"])
        for name in ["describe", "it", "before_each", "after_each", "expect"] {
            #expect(globals.contains("\nfunction \(name)("), "\(name)")
        }
        #expect(globals.contains("\napp = nil"))

        let version = try #require(once["bridge-api.txt"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.count == 16)
        // The stubs beside the bridge API (native.host, lunar.test, globals) leave the version alone.
        #expect(try LunarProcess.run(["--version"]).out.contains("(bridge API \(version))"))
        #expect(first.out.contains("bridge API \(version)"))
        let luarc = try String(contentsOf: dir.appendingPathComponent(".luarc.json"), encoding: .utf8)
        #expect(luarc.contains("\"workspace.library\": [\".lunar/types\"]"))
        #expect(luarc.contains("\"runtime.version\": \"Lua 5.4\""))
    }

    @Test func typesGoWhereOutputSays() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("stubs")
        try "---@meta gone\n".write(to: dir.appendingPathComponent("stale.lua"), atomically: true, encoding: .utf8)
        let r = try LunarProcess.run(["types", "--output", out.path], cwd: dir)
        #expect(r.status == 0, "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("lunar/storage.lua").path))
        let luarc = try String(contentsOf: dir.appendingPathComponent(".luarc.json"), encoding: .utf8)
        #expect(luarc.contains("[\"stubs\"]"))
    }

    // MARK: - check

    @Test func showcasePassesCheck() throws {
        let r = try LunarProcess.run(["check", Self.showcase.path])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.hasSuffix(": no problems\n"))
        #expect(r.out.hasPrefix("lunar check: showcase: "))
    }

    @Test func checkReportsSyntaxErrorsWithFileAndLine() throws {
        let dir = try Self.bundle([
            "manifest.json": Self.manifest(),
            "screens/home.lua": Self.goodScreen,
            "lib/broken.lua": "local x = 1\nif x then\n  print(x)\n",
            "spec/home_spec.lua": "describe('x', function()\n  it('y', function() end\nend)\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["check", dir.path])
        #expect(r.status == 1)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.out)")
        #expect(lines.first?.hasPrefix("lib/broken.lua:4: 'end' expected") == true, "\(r.out)")
        #expect(lines.dropFirst().first?.hasPrefix("spec/home_spec.lua:3: ')' expected") == true, "\(r.out)")
        #expect(lines.last == "lunar check: t: 3 scripts, 1 route: 2 problems")
    }

    @Test func checkReportsAMissingScreenModule() throws {
        let dir = try Self.bundle([
            "manifest.json": Self.manifest(routes: ["/home": "screens.home", "/items/:id": "screens.item"]),
            "screens/home.lua": Self.goodScreen,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["check", dir.path])
        #expect(r.status == 1)
        #expect(r.out.contains("manifest.json: route '/items/:id' names module 'screens.item', but there is no screens/item.lua or screens/item/init.lua\n"))
        #expect(r.out.hasSuffix("1 problem\n"))
    }

    @Test func checkReportsAnEntryMatchingNoRoute() throws {
        let dir = try Self.bundle([
            "manifest.json": Self.manifest(entry: "/start"),
            "screens/home.lua": Self.goodScreen,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["check", dir.path])
        #expect(r.status == 1)
        #expect(r.out.contains("manifest.json: entry '/start' matches no route (routes: /home)\n"))
    }

    @Test func checkComparesTheBridgeAPIVersion() throws {
        let types = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: types) }
        _ = try LunarProcess.run(["types", "--output", types.path], cwd: types)
        let current = try String(contentsOf: types.appendingPathComponent("bridge-api.txt"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)

        let matching = try Self.bundle(["manifest.json": Self.manifest(bridgeAPI: current), "screens/home.lua": Self.goodScreen])
        defer { try? FileManager.default.removeItem(at: matching) }
        let ok = try LunarProcess.run(["check", matching.path])
        #expect(ok.status == 0, "\(ok.out)")

        let stale = try Self.bundle(["manifest.json": Self.manifest(bridgeAPI: "0123456789abcdef"), "screens/home.lua": Self.goodScreen])
        defer { try? FileManager.default.removeItem(at: stale) }
        let r = try LunarProcess.run(["check", stale.path])
        #expect(r.status == 1)
        #expect(r.out.contains("manifest.json: bridgeAPI '0123456789abcdef' does not match this runtime's bridge API '\(current)'"))
    }

    @Test func checkReportsAnUnreadableManifest() throws {
        let dir = try Self.bundle(["manifest.json": "{\"name\": \"t\"", "screens/home.lua": Self.goodScreen])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["check", dir.path])
        #expect(r.status == 1)
        #expect(r.out.hasPrefix("manifest.json: not valid JSON"))
        #expect(r.out.hasSuffix("lunar check: bundle: 1 script, 0 routes: 1 problem\n"))
    }

    // MARK: - new

    @Test func newBundlePassesCheckAndItsOwnSpecs() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let made = try LunarProcess.run(["new", "hello", "--directory", dir.path])
        #expect(made.status == 0, "\(made.err)")
        let bundle = dir.appendingPathComponent("hello")
        let files = try Self.tree(bundle)
        for path in ["manifest.json", "screens/home.lua", "viewmodels/home.lua", "spec/home_spec.lua",
                     "mock-api/GET/hello.json", ".luarc.json", ".luacheckrc", ".lunar/types/lunar/ui.lua"] {
            #expect(files[path] != nil, "missing \(path)")
        }
        #expect(files["viewmodels/home.lua"]?.contains("signal.value(\"\")") == true)
        let check = try LunarProcess.run(["check", bundle.path])
        #expect(check.status == 0, "\(check.out)")
        #expect(check.out == "lunar check: hello: 3 scripts, 1 route: no problems\n")
        let test = try LunarProcess.run(["test", bundle.path])
        #expect(test.status == 0, "\(test.out)\(test.err)")
        #expect(test.out.hasSuffix("2 passed, 0 failed\n"))

        let again = try LunarProcess.run(["new", "hello", "--directory", dir.path])
        #expect(again.status == 1)
        #expect(again.err.contains("already exists"))
    }

    /// Each test of a new bundle's spec starts from a fresh app: on the entry screen, not
    /// from another Home pushed on top.
    @Test func newBundleSpecStartsEachTestOnTheEntryScreen() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try LunarProcess.run(["new", "hello", "--directory", dir.path]).status == 0)
        let spec = dir.appendingPathComponent("hello/spec/home_spec.lua")
        var text = try String(contentsOf: spec, encoding: .utf8)
        #expect(text.hasSuffix("end)\n"))
        text.removeLast("end)\n".count)
        text += """

              it("starts on a stack of one screen", function()
                expect(#app.stack()):toBe(1)
                expect(app.title()):toBe("Home")
              end)
            end)

            """
        try text.write(to: spec, atomically: true, encoding: .utf8)
        let test = try LunarProcess.run(["test", dir.appendingPathComponent("hello").path])
        #expect(test.status == 0, "\(test.out)")
        #expect(test.out.hasSuffix("3 passed, 0 failed\n"))
    }

    @Test func newRefusesABadName() throws {
        let r = try LunarProcess.run(["new", "../escape"])
        #expect(r.status != 0)
        #expect(r.err.contains("not a bundle name"))
    }
}
