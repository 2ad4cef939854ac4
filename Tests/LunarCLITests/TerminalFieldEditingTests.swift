import Foundation
import LunarTestSupport
import Testing

/// The terminal edits anywhere in a field (issue 31): Left/Right, Home/End, Delete under the
/// cursor, Alt-b/Alt-f word moves, and a `number` field refusing letters, on a real terminal (tmux).
@Suite(.serialized) struct TerminalFieldEditingTests {
    static let screen = """
        local ui = require("lunar.ui")
        local screen = { title = "Editing" }
        function screen:load() self.text = ""; self.age = "" end
        function screen:render()
          return ui.Column {
            ui.TextField { id = "text", placeholder = "Text", value = self.text, onChange = function(t) self.text = t end },
            ui.TextField { id = "age", placeholder = "Age", keyboardType = "number", value = self.age,
              onChange = function(t) self.age = t end },
            ui.Text("text=<" .. self.text .. "> age=<" .. self.age .. ">"),
          }
        end
        return screen
        """

    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func aFieldIsEditedAnywhere() async throws {
        let dir = try makeTemporaryDirectory("lunar-editing")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try #"{ "name": "editing", "version": "1.0.0", "entry": "/home", "routes": { "/home": "screens.home" } }"#
            .write(to: dir.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        try Self.screen.write(to: dir.appendingPathComponent("screens/home.lua"), atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(
            ["env", "LUNAR_STORAGE_DIR=\(dir.appendingPathComponent("storage").path)", "LANG=C.UTF-8",
             LunarProcess.binary.path, "run", dir.path, "--no-mock-api"],
            width: 80, height: 24)
        defer { tmux.kill() }
        func shows(_ text: String) async throws {
            try await tmux.waitForScreen(text) { $0.contains { $0.contains(text) } }
        }
        try await shows("text=<> age=<>")
        // The first field has focus: type, then go back and insert before the word.
        try tmux.type("world")
        try await shows("text=<world>")
        try tmux.press("Home")
        try tmux.type("hello ")
        try await shows("text=<hello world>")
        try tmux.press("End")
        try tmux.type("!")
        try await shows("text=<hello world!>")
        // Left three times and Delete: the character under the cursor (the "l") goes.
        try tmux.press("Left", "Left", "Left", "DC")
        try await shows("text=<hello word!>")
        try tmux.press("Right")
        try tmux.type("?")
        try await shows("text=<hello word?!>")
        // Alt-b: to the start of the word before the cursor; Backspace deletes the space before it.
        try tmux.press("M-b", "BSpace")
        try await shows("text=<helloword?!>")
        // Alt-f: to the end of the word; typing there appends.
        try tmux.press("Home", "M-f")
        try tmux.type(".")
        try await shows("text=<helloword?!.>")
        // A number field takes digits only.
        try tmux.press("Tab")
        try tmux.type("4a2")
        try await shows("age=<42>")
    }
}
