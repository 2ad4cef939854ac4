import Foundation
import LunarBridge
import LunarHeadlessHost
import LunarRuntime
import Testing
import LunarTestSupport

@Suite struct HotReloadTests {
    func bundle(_ files: [String: String] = [:]) throws -> TestBundle {
        try TestBundle(files: ["screens/home.lua": counterScreen].merging(files) { $1 })
    }

    @Test func aSwapKeepsStateAndRunsNewCode() async throws {
        let b = try bundle()
        defer { b.remove() }
        let runtime = try await b.start()
        try await runtime.run(.tap("Add"), .tap("Add"))
        try b.write("screens/home.lua", counterScreen
            .replacingOccurrences(of: "\"Count: \"", with: "\"Total: \"")
            .replacingOccurrences(of: "self.count + 1", with: "self.count + 10"))
        let report = await runtime.reload(changedFiles: ["screens/home.lua"])
        #expect(report.reloaded == ["screens.home"])
        #expect(await runtime.snapshot().contains("Text \"Total: 2\""))
        // The handler is the new code: it adds 10 now.
        try await runtime.run(.tap("Add"))
        #expect(await runtime.snapshot().contains("Text \"Total: 12\""))
        #expect(try await runtime.lua("return loads") == [1])
    }

    /// A module file is bytes to Lua: a Latin-1 byte in a comment does not keep it from reloading.
    @Test func aFileWithALatin1ByteReloads() async throws {
        let b = try bundle()
        defer { b.remove() }
        let runtime = try await b.start()
        let edited = counterScreen.replacingOccurrences(of: "\"Count: \"", with: "\"Total: \"")
        try b.directory.write("screens/home.lua", bytes: Data("-- caf".utf8) + Data([0xE9]) + Data("\n\(edited)".utf8))
        let report = await runtime.reload(changedFiles: ["screens/home.lua"])
        #expect(report.reloaded == ["screens.home"], "\(report.failed)")
        #expect(await runtime.snapshot().contains("Text \"Total: 0\""))
    }

    @Test func aSyntaxErrorShowsAnOverlayAndTheFixClearsIt() async throws {
        let b = try bundle()
        defer { b.remove() }
        let runtime = try await b.start()
        try await runtime.run(.tap("Add"))
        try b.write("screens/home.lua", "local ui = require('lunar.ui')\nlocal screen = {\nreturn screen\n")
        let report = await runtime.reload(changedFiles: ["screens/home.lua"])
        #expect(report.failed == ["screens/home.lua"])
        let overlay = await runtime.snapshot()
        #expect(overlay.contains("Error \""))
        #expect(overlay.contains("at screens/home.lua:3"))
        // The fix clears the overlay; the screen kept its state through the bad save.
        try b.write("screens/home.lua", counterScreen)
        #expect(await runtime.reload(changedFiles: ["screens/home.lua"]).failed.isEmpty)
        let fixed = await runtime.snapshot()
        #expect(!fixed.contains("Error"))
        #expect(fixed.contains("Text \"Count: 1\""))
    }

    @Test func aTopLevelRuntimeErrorKeepsTheOldCode() async throws {
        let b = try bundle()
        defer { b.remove() }
        let runtime = try await b.start()
        try b.write("screens/home.lua", "local x = nil\nlocal y = x.field\nreturn {}\n")
        let report = await runtime.reload(changedFiles: ["screens/home.lua"])
        #expect(report.failed == ["screens/home.lua"])
        #expect(await runtime.snapshot().contains("attempt to index a nil value (local 'x')"))
        try b.write("screens/home.lua", counterScreen)
        await runtime.reload(changedFiles: ["screens/home.lua"])
        try await runtime.run(.tap("Add"))
        #expect(await runtime.snapshot().contains("Text \"Count: 1\""))
    }

    @Test func refreshResetRemountsTheScreen() async throws {
        let b = try bundle()
        defer { b.remove() }
        let runtime = try await b.start()
        try await runtime.run(.tap("Add"))
        try b.write("screens/home.lua", "--@refresh reset\n" + counterScreen)
        let report = await runtime.reload(changedFiles: ["screens/home.lua"])
        #expect(report.remounted == ["screens.home"])
        #expect(await runtime.snapshot().contains("Text \"Count: 0\""))
        #expect(try await runtime.lua("return loads") == [2])
    }

    /// Issue 22: the remount ran, but instantiated from the module table the swap had kept
    /// the old data fields in, so an edited `title = "…"` literal stayed as it was.
    @Test func refreshResetTakesEditedDataFieldsAndDropsRemovedOnes() async throws {
        let b = try bundle()
        defer { b.remove() }
        let runtime = try await b.start()
        #expect(await runtime.snapshot().hasPrefix("== Counter =="))
        try b.write("screens/home.lua", "--@refresh reset\n" + counterScreen
            .replacingOccurrences(of: "{ title = \"Counter\" }", with: "{ title = \"Tally\", unit = \"beads\" }"))
        #expect(await runtime.reload(changedFiles: ["screens/home.lua"]).remounted == ["screens.home"])
        #expect(await runtime.snapshot().hasPrefix("== Tally =="))
        #expect(try await runtime.lua("return package.loaded['screens.home'].unit") == ["beads"])
        try b.write("screens/home.lua", "--@refresh reset\n" + counterScreen)
        await runtime.reload(changedFiles: ["screens/home.lua"])
        #expect(await runtime.snapshot().hasPrefix("== Counter =="))
        #expect(try await runtime.lua("return package.loaded['screens.home'].unit == nil") == [true])
        // Without the marker a swap keeps data fields (the documented rule).
        try b.write("screens/home.lua", counterScreen.replacingOccurrences(of: "\"Counter\"", with: "\"Kept?\""))
        await runtime.reload(changedFiles: ["screens/home.lua"])
        #expect(await runtime.snapshot().hasPrefix("== Counter =="))
    }

    @Test func aHelperModuleReRunsItsDependentsAndReloadedIsCalled() async throws {
        let b = try bundle([
            "lib/greeting.lua": "return { text = function() return 'hello' end }",
            "screens/home.lua": """
            local ui = require("lunar.ui")
            local greet = require("lib.greeting").text   -- copied at load time
            local screen = {}
            function screen:reloaded(modules) reloadedWith = table.concat(modules, ",") end
            function screen:render() return ui.Text(greet()) end
            return screen
            """,
        ])
        defer { b.remove() }
        let runtime = try await b.start()
        #expect(await runtime.snapshot().contains("Text \"hello\""))
        try b.write("lib/greeting.lua", "return { text = function() return 'bonjour' end }")
        let report = await runtime.reload(changedFiles: ["lib/greeting.lua"])
        #expect(report.reloaded == ["lib.greeting", "screens.home"])
        #expect(await runtime.snapshot().contains("Text \"bonjour\""))
        #expect(try await runtime.lua("return reloadedWith") == ["lib.greeting,screens.home"])
    }

    @Test func routeHandlersRegisteredAtTopLevelAreReplacedNotDuplicated() async throws {
        let b = try bundle([
            "lib/routes.lua": """
            local router = require("lunar.router")
            router.add("/callBack/*", function() hits = (hits or "") .. "old;" end)
            return {}
            """,
            "screens/home.lua": "require('lib.routes')\n" + counterScreen,
        ])
        defer { b.remove() }
        let runtime = try await b.start()
        try await runtime.run(.open("/callBack/done"))
        try b.write("lib/routes.lua", """
            local router = require("lunar.router")
            router.add("/callBack/*", function() hits = (hits or "") .. "new;" end)
            return {}
            """)
        await runtime.reload(changedFiles: ["lib/routes.lua"])
        try await runtime.run(.open("/callBack/again"))
        #expect(try await runtime.lua("return hits") == ["old;new;"])
    }
}

let counterViewModel = """
local signal = require("lunar.signal")
local vm = {}
function vm:initialize() self.count = signal.value(0); inits = (inits or 0) + 1 end
function vm:add() self.count:set(self.count:get() + 1) end
return vm
"""

let boundScreen = """
local ui = require("lunar.ui")
local screen = { viewModel = "viewmodels.counter" }
function screen:load() loads = (loads or 0) + 1 end
function screen:bindViewModel()
  binds = (binds or 0) + 1
  self.viewModel.count:subscribe(function(n)
    self.label = "seen " .. n
    heard = (heard or "") .. "seen" .. n .. ";"
  end):disposeWith(self.lifetime)
end
function screen:reloaded() reloads = (reloads or 0) + 1 end
function screen:render()
  return ui.Column {
    ui.Text(self.label or "none"),
    ui.Button { title = "Add", onPress = function() self.viewModel:add() end },
  }
end
return screen
"""

/// Subscribers made in `bindViewModel` are re-made against the new code.
@Suite struct SubscriberSwapTests {
    func start() async throws -> (TestBundle, LunarRuntime) {
        let b = try TestBundle(files: ["screens/home.lua": boundScreen, "viewmodels/counter.lua": counterViewModel])
        return (b, try await b.start())
    }

    @Test func aScreenSwapReBindsItsSubscribersOnce() async throws {
        let (b, runtime) = try await start()
        defer { b.remove() }
        try await runtime.run(.tap("Add"))
        #expect(await runtime.snapshot().contains("Text \"seen 1\""))
        try b.write("screens/home.lua", boundScreen.replacingOccurrences(of: "\"seen\"", with: "\"got\"")
            .replacingOccurrences(of: "\"seen \"", with: "\"got \""))
        #expect(await runtime.reload(changedFiles: ["screens/home.lua"]).reloaded == ["screens.home"])
        // The new subscriber got the current value at once; the view-model kept its state.
        #expect(await runtime.snapshot().contains("Text \"got 1\""))
        try await runtime.run(.tap("Add"))
        #expect(await runtime.snapshot().contains("Text \"got 2\""))
        // The old subscriber was disposed with the old lifetime: one delivery per change.
        #expect(try await runtime.lua("return heard") == [.string("seen0;seen1;got1;got2;")])
        #expect(try await runtime.lua("return loads, inits, binds, reloads") == [1, 1, 2, 1])
    }

    @Test func aViewModelSwapReBindsTheScreenThatUsesIt() async throws {
        let (b, runtime) = try await start()
        defer { b.remove() }
        try await runtime.run(.tap("Add"))
        try b.write("viewmodels/counter.lua", counterViewModel.replacingOccurrences(of: "get() + 1", with: "get() + 10"))
        #expect(await runtime.reload(changedFiles: ["viewmodels/counter.lua"]).reloaded == ["viewmodels.counter"])
        try await runtime.run(.tap("Add"))
        #expect(await runtime.snapshot().contains("Text \"seen 11\""))
        #expect(try await runtime.lua("return heard") == [.string("seen0;seen1;seen1;seen11;")])
        #expect(try await runtime.lua("return inits, binds") == [1, 2])
    }

    @Test func theReBindAndTheReloadPassThroughHookPoints() async throws {
        let (b, runtime) = try await start()
        defer { b.remove() }
        _ = try await runtime.lua("""
            local intercept = require("lunar.intercept")
            intercept.screen("bindViewModel", "after", function() hooked = (hooked or "") .. "bind;" end)
            intercept.screen("reloaded", "after", function() hooked = (hooked or "") .. "reloaded;" end)
            """)
        try b.write("screens/home.lua", boundScreen + "\n-- edited\n")
        await runtime.reload(changedFiles: ["screens/home.lua"])
        #expect(try await runtime.lua("return hooked") == [.string("bind;reloaded;")])
    }

    /// Issue 30: what a view-model's `initialize()` built keeps the old code after a reload;
    /// the reload line says which open screens keep it and how to reset them, and
    /// `--@refresh reset` in the view-model's file rebuilds them.
    @Test func aChangedInitializeIsNamedInTheReloadLineAndAResetRebuildsIt() async throws {
        let (b, runtime) = try await start()
        defer { b.remove() }
        try await runtime.run(.tap("Add"))
        // Another function edited, and initialize's lines moved: its code is the same, no word.
        try b.write("viewmodels/counter.lua", "-- counts\n" + counterViewModel.replacingOccurrences(of: "get() + 1", with: "get() + 10"))
        #expect(await runtime.applyChanges(["viewmodels/counter.lua"])?.text == "reloaded viewmodels/counter.lua")
        let edited = counterViewModel.replacingOccurrences(of: "signal.value(0)", with: "signal.value(100)")
        try b.write("viewmodels/counter.lua", edited)
        let notice = await runtime.applyChanges(["viewmodels/counter.lua"])
        #expect(notice?.text == "reloaded viewmodels/counter.lua; viewmodels/counter.lua: initialize() changed, but the open screen "
            + "/home keeps what the old code built (its signals, commands and functions); re-open it, or start the file with --@refresh reset")
        #expect(await runtime.snapshot().contains("Text \"seen 1\""))
        // The reset remounts the screen that uses the view-model: a new one, from the new initialize.
        try b.write("viewmodels/counter.lua", "--@refresh reset\n" + edited)
        let reset = await runtime.reload(changedFiles: ["viewmodels/counter.lua"])
        #expect(reset.remounted == ["viewmodels.counter"] && reset.notes.isEmpty)
        #expect(await runtime.snapshot().contains("Text \"seen 100\""))
        #expect(try await runtime.lua("return loads, inits") == [2, 2])
    }

    /// A screen's `load()` runs once too: a changed one is named the same way.
    @Test func aChangedLoadIsNamedToo() async throws {
        let (b, runtime) = try await start()
        defer { b.remove() }
        try b.write("screens/home.lua", boundScreen.replacingOccurrences(of: "loads = (loads or 0) + 1", with: "loads = (loads or 0) + 2"))
        let notice = await runtime.applyChanges(["screens/home.lua"])
        #expect(notice?.text.hasPrefix("reloaded screens/home.lua; screens/home.lua: load() changed, but the open screen /home keeps") == true,
                "\(notice?.text ?? "nil")")
    }

    @Test func anUnrelatedReloadLeavesBindingsAlone() async throws {
        let (b, runtime) = try await start()
        defer { b.remove() }
        try b.write("lib/other.lua", "return { v = 1 }")
        _ = try await runtime.lua("require('lib.other')")
        try b.write("lib/other.lua", "return { v = 2 }")
        #expect(await runtime.reload(changedFiles: ["lib/other.lua"]).reloaded == ["lib.other"])
        #expect(try await runtime.lua("return binds, reloads") == [1, 1])
    }
}
