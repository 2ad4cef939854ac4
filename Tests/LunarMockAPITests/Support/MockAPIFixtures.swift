import Foundation
import LunarDevServer
import LunarMockAPI
import LunarTestSupport

/// A bundle directory written by a test (``BundleDirectory``) with a manifest and a home screen.
struct TemporaryBundle {
    let directory: BundleDirectory
    var root: URL { directory.root }

    /// Writes `files` (bundle path → content) under a new directory; the manifest and a home
    /// screen are added unless given.
    init(_ files: [String: String] = [:]) throws {
        var all = [
            "manifest.json": BundleDirectory.manifest(name: "demo"),
            "screens/home.lua": #"local ui = require("lunar.ui")"# + "\n" + #"return { render = function() return ui.Column{ ui.Text{ text = "Hello" } } end }"#,
        ]
        all.merge(files) { _, new in new }
        directory = try BundleDirectory(prefix: "lunar-mock", files: all)
    }

    func write(_ path: String, _ text: String) throws { try directory.write(path, text) }

    func remove() { directory.remove() }
}

/// Serves `bundle`'s mock API on loopback (``MockAPIServer``, as `lunar run` and `lunar test` do)
/// while `body` runs, with a client for it; stops the server whether `body` returned or threw.
func withMockAPIServer(
    _ bundle: TemporaryBundle, _ body: (RunningServer, DevServerClient) async throws -> Void
) async throws {
    let server = try await MockAPIServer(root: bundle.root.appendingPathComponent("mock-api")).start()
    do {
        try await body(server, try DevServerClient(baseURL: server.url))
        await server.stop()
    } catch {
        await server.stop()
        throw error
    }
}
