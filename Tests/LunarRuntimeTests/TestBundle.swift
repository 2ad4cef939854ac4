import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarHeadlessHost
import LunarRuntime
import LunarTestSupport
import LunarUI

/// A bundle written to a temporary directory by a test (``BundleDirectory``), and runtimes of it.
struct TestBundle {
    let directory: BundleDirectory
    var root: URL { directory.root }

    init(entry: String = "/home", routes: [String: String] = ["/home": "screens.home"], files: [String: String]) throws {
        directory = try BundleDirectory(files: files.merging(["manifest.json": BundleDirectory.manifest(entry: entry, routes: routes)]) { old, _ in old })
    }

    func write(_ path: String, _ text: String) throws { try directory.write(path, text) }

    func remove() { directory.remove() }

    /// A runtime on the virtual clock, started headless.
    func start(clock: LuaClock = .virtual) async throws -> LunarRuntime {
        let runtime = try LunarRuntime(bundle: ScriptBundle(directory: root), options: RuntimeOptions(clock: clock))
        _ = try await runtime.startHeadless()
        await runtime.onScriptError { _ in }
        return runtime
    }
}

extension LunarRuntime {
    /// Runs Lua in the bundle's state and returns its results.
    func lua(_ code: String) async throws -> [LuaValue] {
        try withHost { _, state in try state.run(code, name: "=test") }
    }

    func run(_ commands: HeadlessCommand...) async throws {
        for command in commands { try await perform(command) }
    }
}

/// A renderer that records every mutation batch and forwards to a headless renderer.
final class RecordingRenderer: HeadlessRendering {
    let headlessRenderer = HeadlessRenderer()
    var batches: [(ScreenID, [Mutation])] = []
    func apply(_ mutations: [Mutation], to screen: ScreenID) {
        batches.append((screen, mutations))
        headlessRenderer.apply(mutations, to: screen)
    }
}
