import Foundation
import LunarBridge
import LunarBundle
import LunarHeadless
import LunarRuntime
import LunarUI

/// A bundle written to a temporary directory by a test.
struct TestBundle {
    let root: URL

    init(entry: String = "/home", routes: [String: String] = ["/home": "screens.home"], files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-bundle-\(UUID().uuidString)")
        let routeJSON = routes.sorted(by: { $0.key < $1.key }).map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
        try write("manifest.json", #"{ "name": "test", "version": "1.0.0", "entry": "\#(entry)", "routes": { \#(routeJSON) } }"#)
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

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
