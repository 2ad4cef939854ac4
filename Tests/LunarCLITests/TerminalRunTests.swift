import Foundation
import LunarTestSupport
import Testing

/// `lunar run` on a real terminal (tmux), driven with keys as a person would.
@Suite(.serialized) struct TerminalRunTests {
    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func theShowcaseRunsInTheTerminalUI() async throws {
        let storage = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: storage) }
        let tmux = try TmuxSession(
            ["env", "LUNAR_STORAGE_DIR=\(storage.path)", LunarProcess.binary.path, "run", RunTests.showcase.path],
            width: 80, height: 24)
        defer { tmux.kill() }
        try await tmux.waitForScreen("the login screen") { $0.contains { $0.contains("Login") } && $0.contains { $0.contains("[ Log in ]") } }
        // The first field has focus at launch: a name starting with q is typed, not a quit.
        try tmux.type("qa")
        try await tmux.waitForScreen("the typed name") { $0.contains { $0.hasPrefix(">") && $0.contains("[qa ") } }
        try tmux.press("BSpace", "BSpace")
        try tmux.type("ann")
        try tmux.press("Tab")
        try tmux.type("secret1")
        try await tmux.waitForScreen("the typed password") { $0.contains { $0.contains("*******") } }
        try tmux.press("Tab")
        try tmux.press("Enter")
        // The login request goes to the mock API; the list arrives from it.
        let list = try await tmux.waitForScreen("the sample list") { screen in
            screen.contains { $0.contains("Sample list") } && screen.contains { $0.contains("Signals") }
        }
        #expect(list.contains { $0.contains("Router") })
        try tmux.press("Escape")
        try await tmux.waitForScreen("back on the login screen") { $0.contains { $0.contains("Welcome back") } }
        try tmux.resize(width: 60, height: 20)
        try await tmux.waitForScreen("a redraw at 60 columns") { screen in
            screen.contains { $0.contains("Login") } && screen.allSatisfy { $0.count <= 60 }
        }
    }

    /// The showcase's sample list (40 cards from the mock API) scrolls to its last card: the
    /// terminal reports the list's viewport and the screen's scroll, and the runtime builds the
    /// rows coming into view.
    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func theShowcaseListScrollsToItsLastCard() async throws {
        let storage = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: storage) }
        let tmux = try TmuxSession(
            ["env", "LUNAR_STORAGE_DIR=\(storage.path)", "LANG=C.UTF-8", LunarProcess.binary.path, "run", RunTests.showcase.path],
            width: 80, height: 24)
        defer { tmux.kill() }
        try await tmux.waitForScreen("the login screen") { $0.contains { $0.contains("[ Log in ]") } }
        try tmux.type("ann")
        try tmux.press("Tab")
        try tmux.type("secret1")
        try tmux.press("Tab", "Enter")
        try await tmux.waitForScreen("the sample list") { $0.contains { $0.contains("Signals") } }
        // Before any scroll only the first rows are built; paging down builds the rest.
        #expect(try !tmux.capture().contains { $0.contains("Sample 40") })
        var pages = 0
        while try !tmux.capture().contains(where: { $0.contains("Sample 40") }), pages < 60 {
            let before = try tmux.capture()
            try tmux.press("NPage")
            pages += 1
            try await tmux.waitForScreen("the list after \(pages) pages") { $0 != before || $0.contains { $0.contains("Sample 40") } }
        }
        var screen = try await tmux.waitForScreen("the last card") { $0.contains { $0.contains("Sample 40") } }
        #expect(!screen.contains { $0.contains("Signals") }, "the first card scrolled away")
        #expect(pages > 3, "the list is longer than a few screens")
        // The list is laid out as long as all its cards: the button after it comes after the last.
        try tmux.press("NPage")
        screen = try await tmux.waitForScreen("the button after the list") { $0.contains { $0.contains("[ Refresh ]") } }
        let last = try #require(screen.lastIndex { $0.contains("Sample 40") })
        #expect(screen.firstIndex { $0.contains("[ Refresh ]") }! > last)
    }

    /// A bundle's Switch, long press, spinner and scroll reports on the real terminal.
    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func switchesLongPressesSpinnersAndScrollReports() async throws {
        let bundle = try BundleDirectory(prefix: "lunar-terminal", files: [
            "manifest.json": BundleDirectory.manifest(),
            "screens/home.lua": """
                local ui = require("lunar.ui")
                local screen = { title = "Elements" }
                function screen:load() self.on = false; self.holds = 0; self.top = 0; self.viewport = 0 end
                function screen:render()
                  local rows = {}
                  for i = 1, 200 do rows[i] = { id = i } end
                  return ui.Column {
                    ui.Text("Switch " .. (self.on and "on" or "off") .. ", holds " .. self.holds),
                    ui.Switch { value = self.on, accessibilityLabel = "Wifi", onValueChange = function(on) self.on = on end },
                    ui.Pressable { onPress = function() end, onLongPress = function() self.holds = self.holds + 1 end,
                                   accessibilityLabel = "Hold", ui.Text "Hold me" },
                    ui.ActivityIndicator {},
                    ui.ScrollView { id = "box", style = { height = 48 },
                      onScroll = function(offset) self.top = offset end,
                      ui.Text "Box 1", ui.Text "Box 2", ui.Text "Box 3", ui.Text "Box 4", ui.Text "Box 5",
                      ui.Button { title = "Inside", onPress = function() ui.scrollTo("box", { y = 0 }) end } },
                    ui.Text("Box offset " .. self.top),
                    ui.List { id = "rows", items = rows, key = "id", estimatedItemSize = 16,
                              row = function(item) return ui.Text("Row " .. item.id) end },
                  }
                end
                return screen
                """,
        ])
        defer { bundle.remove() }
        let tmux = try TmuxSession(
            ["env", "LANG=C.UTF-8", LunarProcess.binary.path, "run", bundle.root.path], width: 60, height: 20)
        defer { tmux.kill() }
        try await tmux.waitForScreen("the screen") { $0.contains { $0.contains("Switch off, holds 0") } }
        // Tab to the switch; Space flips it; Enter flips it back and forth.
        try tmux.press("Tab")
        try await tmux.waitForScreen("the switch focused") { $0.contains { $0.hasPrefix("> [ ]") } }
        try tmux.press("Space")
        try await tmux.waitForScreen("the switch on") { $0.contains { $0.contains("Switch on") } && $0.contains { $0.hasPrefix("> [x]") } }
        // l long-presses the focused Pressable.
        try tmux.press("Tab")
        try tmux.type("l")
        try await tmux.waitForScreen("a long press") { $0.contains { $0.contains("holds 1") } }
        // The spinner turns on a timer: its row shows each frame in turn.
        let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"].map { "  " + $0 }
        let first = try await tmux.waitForScreen("the spinner") { $0.contains { frames.contains($0) } }.first { frames.contains($0) }
        try await tmux.waitForScreen("the spinner turning") { $0.contains { frames.contains($0) && $0 != first } }
        // Focus inside the scroll view scrolls it: the terminal reports the offset.
        try tmux.press("Tab")
        // Six lines in a three-line box: 3 lines (48 points) down.
        try await tmux.waitForScreen("the box scrolled to its button") { $0.contains { $0.contains("Box offset 48.0") } }
        // The button inside asks ui.scrollTo for the top; focus keeps the button in view, so it
        // stays where focus needs it.
        try tmux.press("Enter")
        try await tmux.waitForScreen("still showing the button") { $0.contains { $0.contains("[ Inside ]") } }
        // Paging through the 200-row list builds rows far down.
        var pages = 0
        while try !tmux.capture().contains(where: { $0.contains("Row 150") }), pages < 40 {
            let before = try tmux.capture()
            try tmux.press("NPage")
            pages += 1
            try await tmux.waitForScreen("the list after \(pages) pages") { $0 != before }
        }
        try await tmux.waitForScreen("rows far down the list") { $0.contains { $0.contains("Row 150") } }
    }
}
