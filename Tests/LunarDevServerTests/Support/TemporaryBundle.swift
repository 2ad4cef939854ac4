import Foundation
import LunarDevServer
import LunarTestSupport

/// A bundle directory written by a test (``BundleDirectory``) with a manifest and a home screen.
struct TemporaryBundle {
    let directory: BundleDirectory
    var root: URL { directory.root }

    static let manifest = #"{"name": "demo", "version": "1.0.0", "entry": "/home", "routes": {"/home": "screens.home"}}"#

    static func homeScreen(_ text: String) -> String {
        """
        local ui = require("lunar.ui")
        return { render = function() return ui.Column{ ui.Text{ text = "\(text)" } } end }
        """
    }

    /// Writes `files` (bundle path → content) under a new directory; the
    /// manifest and a home screen are added unless given.
    init(_ files: [String: String] = [:]) throws {
        var all = ["manifest.json": Self.manifest, "screens/home.lua": Self.homeScreen("Hello v1")]
        all.merge(files) { _, new in new }
        directory = try BundleDirectory(prefix: "lunar-dev", files: all)
    }

    func write(_ path: String, _ text: String) throws { try directory.write(path, text) }

    func remove() { directory.remove() }
}

/// Runs `body` against a dev server for `bundle` on a free loopback port, and stops it afterwards.
func withDevServer(
    _ bundle: TemporaryBundle, changes: (any BundleChangeSource)? = nil,
    _ body: (RunningServer, DevServerClient) async throws -> Void
) async throws {
    let server = try await DevServer(bundleDirectory: bundle.root, configuration: .init(port: 0), changes: changes).start()
    do {
        try await body(server, try DevServerClient(baseURL: server.url))
        await server.stop()
    } catch {
        await server.stop()
        throw error
    }
}
