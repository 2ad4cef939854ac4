import Foundation
import LunarBridge
import LunarBundle
import LunarStorageLua
import LunarUI

extension LunarRuntime {
    /// Starts the app again as a fresh install would, in this runtime and without a new Lua
    /// state: `lunar test` gives each test a fresh app with it.
    ///
    /// First it lets what is under way finish (queued callbacks and requests in flight, for up
    /// to `timeout` seconds; timers are not waited for), so none of it lands in the new app.
    /// Then every open screen closes (`unload`, topmost first; their bindings, interceptor
    /// registrations and scroll positions go), `lunar.storage` is emptied, `renderer` replaces
    /// the old one (no HUD, toast or alert carries over), and the manifest's entry route opens
    /// as at ``start(renderer:)``: new screen instances, so `load`, the default setup and
    /// `render` run again.
    ///
    /// What stays is what lives in the Lua state: loaded modules and their module-level values,
    /// what `app.lua` set up (it does not run again: its interceptors and `net.config` stay),
    /// routes added at run time, and pending timers (each keeps its deadline; the clock goes on).
    ///
    /// - Throws: ``BundleError`` when the entry route matches no route.
    public func startFresh(renderer: sending any Renderer, timeout: Double = 10) async throws(BundleError) {
        if !executor.isIdle {
            let seconds = timeout.isNaN ? 0 : min(max(0, timeout), LuaNumberRange.maxSeconds)
            _ = await settled(before: ContinuousClock.now + .milliseconds(Int(seconds * 1000)))
        }
        host.closeAllScreens()
        if let storage = state[extension: ScriptStorage.self],
           FileManager.default.fileExists(atPath: storage.fileURL.path) {
            do {
                try storage.store().removeAll()
            } catch {
                throw BundleError("lunar.storage: cannot empty \(storage.fileURL.path): \(error)")
            }
        }
        host.attach(renderer)
        let entry = host.bundle.manifest.entry
        guard host.open(entry) else {
            throw BundleError("manifest.json: entry route '\(entry)' matches no route")
        }
        host.flushRender()
    }
}

extension ScreenHost {
    /// Closes every open screen, topmost first, running `unload` and releasing what each held,
    /// without telling the renderer (the caller attaches a new one). Screen ids go on from where
    /// they were, so a late callback of a closed screen never reaches a new one.
    func closeAllScreens() {
        operationDepth += 1
        defer { operationDepth -= 1 }
        navigation.holding {
            let shown = screens.stacks.reversed().flatMap { $0.reversed() }
            let unshown = screens.byID.keys.filter { id in !shown.contains(id) }.sorted()
            for id in shown + unshown {
                if let screen = screens[id] { close(screen) }
            }
        }
        // A new set of stacks whose ids continue after the last one given.
        let next = screens.newID()
        var fresh = OpenScreens()
        while fresh.newID() < next {}
        screens = fresh
        alerts = OpenAlerts()
        _ = renderPass.takeScrolls()
        renderPass.isScheduled = false
        onContentChange?()
    }
}
