import Foundation
import LunarRuntime
import LunarWeb

/// The inspector in a server of its own, for an app that is not in a browser (a terminal or
/// headless session, `--devtools`): `http://127.0.0.1:PORT/devtools` inspects `runtime`.
///
/// ```swift
/// let devtools = try await DevtoolsServer.start(runtime: runtime, label: "terminal")
/// print(devtools.url)        // http://127.0.0.1:PORT/devtools
/// ...
/// await devtools.stop()
/// ```
///
/// Loopback only, under the web server's checks (``WebServer``): a page of another site cannot
/// reach it. Until an inspector page connects, the runtime runs with no hook installed.
public final class DevtoolsServer: Sendable {
    /// The inspector's address: `http://127.0.0.1:PORT/devtools`.
    public let url: URL
    /// The apps it inspects (the one given to ``start(runtime:port:label:)``).
    public let targets: DevtoolsTargets
    private let running: RunningWebServer

    private init(url: URL, targets: DevtoolsTargets, running: RunningWebServer) {
        self.url = url
        self.targets = targets
        self.running = running
    }

    /// Serves the inspector of `runtime` on 127.0.0.1:`port` (0 picks a free port).
    /// - Throws: what ``WebServer/start()`` throws when the port cannot be used.
    public static func start(runtime: LunarRuntime, port: Int = 0, label: String) async throws -> DevtoolsServer {
        let targets = DevtoolsTargets()
        await targets.add(runtime, label: label)
        let server = WebServer(configuration: .init(host: "127.0.0.1", port: port), inspector: targets)
        let running = try await server.start()
        let url = running.url.appendingPathComponent("devtools")
        return DevtoolsServer(url: url, targets: targets, running: running)
    }

    /// Stops serving; open inspectors close, and their hooks go with them.
    public func stop() async { await running.stop() }
}
