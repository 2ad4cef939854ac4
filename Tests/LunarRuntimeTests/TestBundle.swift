import Foundation
import LunarBridge
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
    let inner = HeadlessRenderer()
    var headlessRenderer: HeadlessRenderer { inner }
    var batches: [(ScreenID, [Mutation])] = []
    weak var delegate: (any RendererDelegate)? {
        get { inner.delegate }
        set { inner.delegate = newValue }
    }
    func push(_ screen: ScreenID, title: String?) { inner.push(screen, title: title) }
    func present(_ screen: ScreenID, title: String?) { inner.present(screen, title: title) }
    func pop(_ screen: ScreenID) { inner.pop(screen) }
    func dismiss(_ screen: ScreenID) { inner.dismiss(screen) }
    func setTitle(_ title: String?, of screen: ScreenID) { inner.setTitle(title, of: screen) }
    func apply(_ mutations: [Mutation], to screen: ScreenID) {
        batches.append((screen, mutations))
        inner.apply(mutations, to: screen)
    }
    func focus(_ node: NodeID?, on screen: ScreenID) { inner.focus(node, on: screen) }
    func showError(_ overlay: ErrorOverlay, on screen: ScreenID) { inner.showError(overlay, on: screen) }
    func hideError(on screen: ScreenID) { inner.hideError(on: screen) }
    func showHUD(_ text: String?) { inner.showHUD(text) }
    func hideHUD() { inner.hideHUD() }
    func showToast(_ text: String) { inner.showToast(text) }
    func showAlert(_ alert: Alert) { inner.showAlert(alert) }
    func dismissAlert(_ id: AlertID) { inner.dismissAlert(id) }
}
