import Foundation
import LunarBundle
import LunarRuntime
import LunarCommands
import LunarTestSupport
import LunarWeb
import Testing

/// A tab closed while its app is busy, through the real `lunar run BUNDLE --web` process: the
/// tab's scripts are stopped at once (even in a `pcall` loop around native work), its runtime
/// let go of, and its slot released, so the next visitor under `--max-tabs` is served. Before,
/// the server read a tab's socket only between messages: the busy handler ran on after its tab
/// closed and every later visitor was told the server was busy.
@Suite(.timeLimit(.minutes(2))) struct WebTabStopTests {
    /// A button whose handler says it started, then lays out a 20,000-node tree in a `pcall`
    /// loop: minutes of work for the default budget in a debug build, and a loop that swallows
    /// each error it raises.
    static let home = """
        local ui = require("lunar.ui")
        local layout = require("lunar.layout")
        local function busy()
          local kids = {}
          for i = 1, 20000 do kids[i] = { style = { height = 1 } } end
          print("busy") while true do pcall(layout.compute, { children = kids }, { width = 100 }) end -- loop
        end
        return {
          title = "Home",
          render = function() return ui.Column { ui.Text { id = "hello", text = "hello" }, ui.Button { id = "busy", title = "Busy", onPress = busy } } end,
        }
        """

    /// The address `lunar` printed: standard output's first line.
    func printedURL(_ process: LiveProcess) async throws -> URL {
        try await process.waitForOutput("\n")
        return try #require(URL(string: String(process.standardOutput.prefix { $0 != "\n" })))
    }

    @Test func aTabClosedWhileItsHandlerRunsIsStoppedAndFreesItsSlot() async throws {
        let bundle = try BundleDirectory(prefix: "lunar-web-stop", files: [
            "manifest.json": BundleDirectory.manifest(routes: ["/home": "screens.home"]),
            "screens/home.lua": Self.home,
        ])
        defer { bundle.remove() }
        let run = try LiveProcess(["run", bundle.root.path, "--web", "--port", "0", "--max-tabs", "1", "--log-level", "info"])
        defer { run.terminate() }
        let url = try await printedURL(run)
        let origin = "http://127.0.0.1:\(url.port!)"

        let one = PageClient(server: url, origin: origin)
        try await one.waitFor(#""text":"hello""#)
        let first = try #require(one.messages.first { $0.contains(#""id":"busy""#) })
        let button = try #require(first.firstMatch(of: /\["c",(\d+),"Button",\{"id":"busy"/)?.1)
        one.send(#"{"t":"press","s":1,"n":\#(button)}"#)
        try await run.waitForOutput("busy\n")
        await one.close()

        // The handler is stopped where it runs, by the tab's closing (not by its budget), and
        // the slot is free once the tab's runtime is let go of.
        let line = Self.home.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("-- loop") }! + 1
        try await run.waitForError("screens/home.lua:\(line): the tab closed")
        try await run.waitForError("tab 1 closed")
        #expect(!run.standardError.contains("instruction budget exceeded"), "\(run.standardError)")

        // The slot is released as the tab's connection ends, just after that line: a visitor who
        // comes in between is told the server is busy. Before, every visitor was.
        var served: PageClient?
        for _ in 1...10 where served == nil {
            let two = PageClient(server: url, origin: origin)
            try await two.waitUntil("the screen or busy", within: 20) { messages, _ in
                messages.contains { $0.contains(#""text":"hello""#) || $0.contains(#""t":"busy""#) }
            }
            if two.messages.contains(where: { $0.contains(#""text":"hello""#) }) { served = two } else { try await two.waitForClose() }
        }
        let two = try #require(served, "every visitor after the closed tab was told the server is busy")
        await two.close()
    }

    /// In-process, so the runtime can be watched, and with no instruction budget, so only the
    /// tab's closing can stop its loop: the busy tab's runtime is let go of (held weakly here).
    @Test func aBusyTabsRuntimeIsLetGoOfWhenItCloses() async throws {
        let bundle = try BundleDirectory(prefix: "lunar-web-stop", files: [
            "manifest.json": BundleDirectory.manifest(routes: ["/home": "screens.home"]),
            "screens/home.lua": Self.home,
        ])
        defer { bundle.remove() }
        final class Weak: Sendable {
            weak let runtime: LunarRuntime?
            init(_ runtime: LunarRuntime) { self.runtime = runtime }
        }
        let made = SharedLog<Weak>()
        let printed = SharedLog<String>()
        let script = try ScriptBundle(directory: bundle.root)
        var options = RuntimeOptions()
        options.storageDirectory = bundle.root.appendingPathComponent(".storage")
        // No budget: only the tab's closing can stop the loop.
        options.lua.instructionBudget = nil
        let server = WebServer(configuration: .init(port: 0, maximumTabs: 1)) { [options] request in
            let tab = try await WebAppTab.open(script, options: options, request: request)
            await tab.runtime.withHost { _, state in state.output = { printed.append($0) } }
            made.append(Weak(tab.runtime))
            return tab
        }
        let running = try await server.start()
        let origin = "http://127.0.0.1:\(running.url.port!)"
        let one = PageClient(server: running.url, origin: origin)
        try await one.waitFor(#""text":"hello""#)
        let first = try #require(one.messages.first { $0.contains(#""id":"busy""#) })
        let button = try #require(first.firstMatch(of: /\["c",(\d+),"Button",\{"id":"busy"/)?.1)
        one.send(#"{"t":"press","s":1,"n":\#(button)}"#)
        try await withTimeout { while !printed.all.contains("busy\n") { try Task.checkCancellation(); await Task.yield() } }
        await one.close()
        try await withTimeout {
            while running.openTabs > 0 || made.all.contains(where: { $0.runtime != nil }) { try Task.checkCancellation(); await Task.yield() }
        }
        #expect(made.all.count == 1)
        await running.stop()
    }
}
