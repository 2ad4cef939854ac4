import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport

/// A bundle written to a temporary directory and run headless on the virtual clock, with tight
/// limits, recording every script error the runtime reports.
///
/// Every bundle has a `home` screen (the entry) and a `probe` screen whose button counts taps:
/// ``assertUsable()`` opens the probe, taps it and reads the count back, which proves the router,
/// the navigator, input and rendering all still work after a fault.
final class FaultApp: Sendable {
    /// The instruction budget per host call: small, so a runaway case stops in milliseconds.
    static let budget = 2_000_000
    /// The memory cap: small, so a bomb is refused quickly.
    static let memoryLimit = 64 << 20

    let root: URL
    let runtime: LunarRuntime
    private let log = SharedLog<LuaScriptError>()

    /// Writes the bundle (`files` over the default home and probe screens; `routes` added to
    /// the manifest's) and starts it; `apiBaseURL` points `lunar.net` at a loopback server, and
    /// `api` (JSON text) is the manifest's `api` section.
    init(files: [String: String], routes: [String: String] = [:], apiBaseURL: URL? = nil, api: String? = nil,
         lua: LuaStateOptions = LuaStateOptions(memoryLimit: FaultApp.memoryLimit, instructionBudget: FaultApp.budget)) async throws {
        var allFiles = Self.baseFiles
        for (path, text) in files { allFiles[path] = text }
        var allRoutes = ["/home": "screens.home", "/probe": "screens.probe"]
        for (pattern, module) in routes { allRoutes[pattern] = module }
        allFiles["manifest.json"] = BundleDirectory.manifest(name: "faults", routes: allRoutes, extra: api.map { ["api": $0] } ?? [:])
        root = try BundleDirectory(prefix: "lunar-faults", files: allFiles).root
        var options = RuntimeOptions(lua: lua, clock: .virtual, storageDirectory: root.appendingPathComponent(".storage"))
        options.apiBaseURL = apiBaseURL
        runtime = try LunarRuntime(bundle: ScriptBundle(directory: root), options: options)
        let log = self.log
        await runtime.onScriptError { log.append($0) }
        _ = try await runtime.startHeadless()
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    static let baseFiles = [
        "screens/home.lua": """
        local ui = require("lunar.ui")
        return { title = "Home", render = function() return ui.Text("home") end }
        """,
        "screens/probe.lua": """
        local ui = require("lunar.ui")
        local screen = { title = "Probe", taps = 0 }
        function screen:render()
          return ui.Column {
            ui.Text("taps " .. self.taps),
            ui.Button { title = "Bump", onPress = function() self.taps = self.taps + 1 end },
          }
        end
        return screen
        """,
    ]

    /// The errors reported so far (to `onScriptError`), as "message" lines.
    var reported: [LuaScriptError] { log.all }

    /// Runs Lua in the app's state (by default as chunk `=probe`) and returns its results.
    func lua(_ code: String, name: String = "=probe") async throws -> [LuaValue] {
        try await runtime.withHost { _, state in try state.run(code, name: name) }
    }

    /// Performs headless commands in order.
    func run(_ commands: HeadlessCommand...) async throws {
        for command in commands { try await runtime.perform(command) }
    }

    /// The visible screen as text.
    func snapshot() async -> String { await runtime.snapshot() }

    /// Registry references Swift holds and Lua memory in use, after two full collections and
    /// after releasing the references Swift dropped.
    func resources() async throws -> (references: Int, memory: Int) {
        try await runtime.withHost { _, state in
            _ = try state.run("collectgarbage() collectgarbage()", name: "=collect")
            _ = try state.run("return 1", name: "=drain")
            return (state.liveReferences, state.memoryInUse)
        }
    }

    /// The rest of the app works: Lua runs, a route opens a screen, a tap reaches its handler
    /// and the screen re-renders, and back pops it.
    func assertUsable() async throws -> Bool {
        guard try await lua("return 20 + 22") == [42] else { return false }
        try await run(.open("/navPush/probe"), .tap("Bump"), .tap("Bump"))
        let shown = await snapshot()
        guard shown.hasPrefix("== Probe =="), shown.contains(#"Text "taps 2""#) else { return false }
        try await run(.back)
        return await !snapshot().hasPrefix("== Probe ==")
    }
}

extension String {
    /// The 1-based number of the first line containing `marker`.
    func lineNumber(of marker: String) -> Int? {
        split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(marker) }.map { $0 + 1 }
    }
}
