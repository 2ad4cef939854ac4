import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import Testing
import LunarTestSupport

/// The smaller faults an adversarial run found (issue 23, item 8): weak error locations, a
/// `require` that followed symbolic links out of the bundle, and manifests that gave raw
/// decoder errors or could be any size.
@Suite struct HardeningFaultTests {
    func open(_ source: String) async throws -> (LunarRuntime, SharedLog<LuaScriptError>, TestBundle) {
        let bundle = try TestBundle(routes: ["/home": "screens.home", "/x": "screens.x"], files: [
            "screens/home.lua": "local ui = require('lunar.ui') return { render = function() return ui.Text('home') end }",
            "screens/x.lua": source,
        ])
        let runtime = try await bundle.start()
        let log = SharedLog<LuaScriptError>()
        await runtime.onScriptError { log.append($0) }
        try await runtime.run(.open("/x"))
        return (runtime, log, bundle)
    }

    @Test func renderReturningANumberIsBlamedOnTheRenderFunction() async throws {
        let (runtime, log, bundle) = try await open("""
            return {
              render = function()
                return 42
              end,
            }
            """)
        defer { bundle.remove() }
        #expect(log.all.map(\.message) == ["screens/x.lua:2: render() returned number, not an element"])
        #expect(await runtime.snapshot().contains("  at screens/x.lua:2"))
    }

    @Test func aTreeNestedTooDeeplyHasALocation() async throws {
        let (runtime, log, bundle) = try await open("""
            local ui = require("lunar.ui")
            return {
              render = function()
                local t = ui.Text("x")
                for _ = 1, 300 do t = ui.Column { t } end
                return t
              end,
            }
            """)
        defer { bundle.remove() }
        let error = try #require(log.all.first)
        #expect(error.location == LuaSourceLocation(file: "screens/x.lua", line: 3))
        #expect(error.message.contains("nested more than 200 levels deep"))
        #expect(await runtime.snapshot().contains("  at screens/x.lua:3"))
    }

    @Test func invalidUTF8InATextSaysSo() async throws {
        let (_, log, bundle) = try await open(#"""
            local ui = require("lunar.ui")
            return { render = function() return ui.Text("bad \255 bytes") end }
            """#)
        defer { bundle.remove() }
        let message = try #require(log.all.first?.message)
        #expect(message.hasPrefix("screens/x.lua:2: "), "\(message)")
        #expect(message.contains("prop 'text' is not valid UTF-8 text (byte 5 is 0xff)"), "\(message)")
    }

    @Test func anUnhandledSubjectFailureSaysWhere() async throws {
        let (_, log, bundle) = try await open("""
            local ui = require("lunar.ui")
            local signal = require("lunar.signal")
            return {
              load = function()
                local s = signal.subject()
                s:subscribe(function() end)
                s:fail("boom")
              end,
              render = function() return ui.Text("x") end,
            }
            """)
        defer { bundle.remove() }
        let error = try #require(log.all.first)
        #expect(error.location == LuaSourceLocation(file: "screens/x.lua", line: 7))
        #expect(error.report.hasPrefix("screens/x.lua:7: unhandled signal error: boom"), "\(error.report)")
    }

    /// A bundle's files are never links (`BundleContents`): `require` follows none, one that
    /// points out of the bundle, one that stays inside it or a linked folder on the way, and
    /// says so at the line of the `require`.
    @Test func requireNeverFollowsALink() async throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-outside-\(UUID().uuidString).lua")
        try "return { secret = 'outside' }".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        let bundle = try TestBundle(files: [
            "screens/home.lua": "local ui = require('lunar.ui') return { render = function() return ui.Text('home') end }",
            "inside.lua": "return { secret = 'inside' }",
            "lib/card.lua": "return { secret = 'card' }",
            // Each requires its module on line 2.
            "requires/leak.lua": "local n = 1\nlocal m = require('leak')\nreturn m",
            "requires/alias.lua": "local n = 1\nlocal m = require('alias')\nreturn m",
            "requires/card.lua": "local n = 1\nlocal m = require('components.card')\nreturn m",
        ])
        defer { bundle.remove() }
        let files = FileManager.default
        try files.createSymbolicLink(at: bundle.root.appendingPathComponent("leak.lua"), withDestinationURL: outside)
        try files.createSymbolicLink(at: bundle.root.appendingPathComponent("alias.lua"), withDestinationURL: bundle.root.appendingPathComponent("inside.lua"))
        try files.createSymbolicLink(at: bundle.root.appendingPathComponent("components"), withDestinationURL: bundle.root.appendingPathComponent("lib"))
        let runtime = try await bundle.start()
        #expect(try await runtime.lua("return require('inside').secret, require('lib.card').secret") == [.string("inside"), .string("card")])
        for (requirer, module, link) in [("leak", "leak", "leak.lua"), ("alias", "alias", "alias.lua"), ("card", "components.card", "components")] {
            do {
                let loaded = try await runtime.lua("return require('requires.\(requirer)').secret")
                Issue.record("require('\(module)') followed the link \(link): \(loaded)")
            } catch let error as LuaScriptError {
                let expected = "requires/\(requirer).lua:2: module '\(module)': \(link) is a symbolic link; a bundle's files are never links"
                #expect(error.message == expected, "\(error.message)")
            }
        }
    }

    @Test func manifestNullFieldsAndOversizedManifestsGetClearErrors() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = root.appendingPathComponent("manifest.json")
        func error() -> String {
            do {
                _ = try ScriptBundle(directory: root)
                return "opened"
            } catch {
                return error.message
            }
        }
        try #"{"name": null, "version": "1", "entry": "/a", "routes": {"/a": "screens.a"}}"#.write(to: manifest, atomically: true, encoding: .utf8)
        #expect(error() == "manifest.json: field 'name' is null")
        try #"{"name": "t", "version": "1", "entry": "/a", "routes": {"/a": null}}"#.write(to: manifest, atomically: true, encoding: .utf8)
        #expect(error() == "manifest.json: field 'routes./a' is null")
        let padding = String(repeating: " ", count: BundleManifest.maxBytes)
        try (#"{"name": "t", "version": "1", "entry": "/a", "routes": {"/a": "screens.a"}}"# + padding).write(to: manifest, atomically: true, encoding: .utf8)
        #expect(error() == "manifest.json: larger than 1024 KiB (a manifest holds routes and settings, not data)")
    }
}
