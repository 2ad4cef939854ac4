import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import Testing

/// A runtime whose executor the host runs on its own thread (UIKit's main thread), played by a
/// test thread that runs each turn the executor asks for.
@Suite struct HostDrivenRuntimeTests {
    @Test func screensTimersAndCallsRunOnTheHostThread() async throws {
        let host = HostThread()
        let bundle = try TestBundle(files: ["screens/home.lua": """
            local ui = require("lunar.ui")
            local timer = require("lunar.timer")
            local probe = require("native.probe")
            local screen = {}
            function screen:load()
              loadedOnHost = probe.onHostThread()
              timer.after(1, function() firedOnHost = probe.onHostThread() end)
            end
            function screen:render() return ui.Text("hello from the main thread") end
            return screen
            """])
        defer { bundle.remove() }
        do {
            var options = RuntimeOptions(clock: .virtual)
            options.hostDriven = { executor, _ in host.perform { executor.runPending() } }
            let runtime = try LunarRuntime(bundle: ScriptBundle(directory: bundle.root), options: options)
            #expect(runtime.executor.isHostDriven)
            await runtime.register(LuaModule("native.probe") { m in
                m.function("onHostThread") { () -> Bool in host.isCurrent }
            })
            let first = try await runtime.startHeadless()
            #expect(first.contains("hello from the main thread"))
            #expect(try await runtime.lua("return loadedOnHost, firedOnHost == nil") == [true, true])
            await runtime.advance(by: 1)
            #expect(try await runtime.lua("return firedOnHost") == [true])
            await runtime.waitUntilIdle()
        }
        // The runtime is gone: its executor let go of its work in a last turn.
        host.stop()
    }
}
