import Foundation
import LunarTestSupport
import Testing

@Suite struct RunTests {
    static var showcase: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Showcase")
    }

    /// Runs the showcase headless with a fresh storage directory (its login flag persists).
    func runShowcase(_ stdin: String) throws -> (status: Int32, out: String, err: String) {
        let storage = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: storage) }
        return try LunarProcess.run(["run", Self.showcase.path], stdin: stdin, environment: ["LUNAR_STORAGE_DIR": storage.path])
    }

    @Test func headlessSessionLogsInAgainstTheMockAPI() throws {
        let r = try runShowcase("type Account ann\ntype Password secret1\ntap \"Log in\"\nwait\n")
        #expect(r.status == 0, "\(r.err)")
        let screens = r.out.components(separatedBy: "\n> ")
        #expect(screens.count == 5)
        #expect(screens[0].hasPrefix("== Login ==\n"))
        #expect(screens[0].contains("Button #login \"Log in\" [disabled]"))
        #expect(screens[2].contains("TextField #password \"Password\" value=\"*******\" [secure, focused]"))
        #expect(screens[2].contains("Button #login \"Log in\"\n"))
        // While the request is in flight: the HUD shows and the command disables the button.
        #expect(screens[3].contains("Button #login \"Log in\" [disabled]"))
        #expect(screens[3].contains("HUD \"Signing in\""))
        #expect(screens[4].hasPrefix("wait\n== Sample list ==\n"))
        #expect(screens[4].contains("Text \"Signals\""))
        #expect(!screens[4].contains("HUD"))
    }

    @Test func aWrongPasswordShowsAToast() throws {
        let r = try runShowcase("type Account ann\ntype Password wrongpass\ntap \"Log in\"\nwait\n")
        #expect(r.status == 0, "\(r.err)")
        let last = r.out.components(separatedBy: "\n> ").last ?? ""
        #expect(last.contains("== Login =="))
        #expect(last.contains("Toast \"Wrong account or password\""))
    }

    @Test func aCommandThatCannotBeCarriedOutFailsWithTheReason() throws {
        let r = try runShowcase("tap Nope\ntap \"Log in\"\n")
        #expect(r.status == 1)
        #expect(r.err.contains("lunar: line 1: tap Nope: no button \"Nope\" on \"Login\" (buttons: \"Log in\", \"Jump page\", \"About\")\n"))
        let bad = try runShowcase("fly away\n")
        #expect(bad.status == 1)
        #expect(bad.err.contains("unknown command 'fly'"))
    }

    @Test func malformedBundlesAreRefusedWithAMessage() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try LunarProcess.run(["run", dir.path])
        #expect(missing.status == 1)
        #expect(missing.err.contains("no manifest.json"))
        try "{ \"name\": \"x\", ".write(to: dir.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        let broken = try LunarProcess.run(["run", dir.path])
        #expect(broken.err.contains("manifest.json: not valid JSON"))
        try #"{ "name": "x", "version": "1", "entry": "/a", "routes": { "/a": "../etc" } }"#
            .write(to: dir.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        let badRoute = try LunarProcess.run(["run", dir.path])
        #expect(badRoute.err.contains("route '/a' names '../etc', which is not a module name"))
        try #"{ "name": "x", "version": "1", "entry": "/missing", "routes": { "/a": "screens.a" } }"#
            .write(to: dir.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        let badEntry = try LunarProcess.run(["run", dir.path])
        #expect(badEntry.err.contains("entry route '/missing' matches no route"))
    }
}

/// `ui.alert`'s buttons reach the renderer with their roles, and choosing one runs its `onPress`.
@Suite struct AlertButtonTests {
    @Test func anAlertShowsItsButtonsAndRunsTheChosenOne() throws {
        let bundle = try BundleDirectory(prefix: "lunar-alert", files: [
            "manifest.json": BundleDirectory.manifest(),
            "screens/home.lua": """
                local ui = require("lunar.ui")
                local screen = {}
                function screen:load() self.deleted = 0 end
                function screen:render()
                  return ui.Column {
                    ui.Text("Deleted: " .. self.deleted),
                    ui.Button { title = "Remove", onPress = function()
                      ui.alert { title = "Delete?", buttons = { { title = "Cancel", role = "cancel" },
                        { title = "Delete", role = "destructive", onPress = function() self.deleted = self.deleted + 1 end } } }
                    end },
                  }
                end
                return screen
                """,
        ])
        defer { bundle.remove() }
        let r = try LunarProcess.run(["run", bundle.root.path], stdin: "tap Remove\ntap Delete\n")
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("Alert \"Delete?\"\n  Button \"Cancel\" [cancel]\n  Button \"Delete\" [destructive]\n"), "\(r.out)")
        #expect(r.out.contains("Text \"Deleted: 1\""), "\(r.out)")
    }
}
