import Foundation
import LunarBase
import LunarBundle
import LunarDevServer

/// `lunar serve`: serves a bundle's files, its change feed and its mock API over HTTP until
/// the process is interrupted, for hosts that attach with `lunar run http://HOST:PORT/`.
public enum ServeSession {
    /// Serves until interrupted; the notices (`serving NAME at URL`, the mock API's URL, a
    /// warning when the address is not loopback) go to standard output once listening.
    ///
    /// - Parameter pollInterval: seconds between checks of the bundle for changed files.
    /// - Throws: `MessageError` when the bundle cannot be opened or served.
    public static func run(bundle directory: URL, host: String, port: Int, pollInterval: Double) async throws {
        let loaded = try openBundle(directory)
        let server = DevServer(
            bundleDirectory: loaded.root,
            configuration: DevServer.Configuration(host: host, port: port),
            changes: BundleWatcher(root: loaded.root, method: .polling(interval: pollInterval)))
        let name = loaded.manifest.name
        let hasMockAPI = loaded.mockAPI != nil
        let loopback = ["127.0.0.1", "localhost", "::1"].contains(host)
        do {
            try await server.run { url in
                var text = "lunar: serving \(name) at \(url)\n"
                if hasMockAPI { text += "lunar: mock API at \(url.appendingPathComponent("api"))\n" }
                if !loopback { text += "lunar: listening on \(host): the bundle and its mock API are reachable from the network\n" }
                SessionOutput.standard(text)
            }
        } catch {
            throw cannotServe(host: host, port: port, error)
        }
    }

    /// The bundle a served session opens, or a `MessageError` saying why not.
    static func openBundle(_ directory: URL) throws -> ScriptBundle {
        do {
            return try ScriptBundle(directory: directory)
        } catch {
            throw MessageError("\(error)")
        }
    }

    /// A server that could not listen: one line that says what to do.
    static func cannotServe(host: String, port: Int, _ error: any Error) -> MessageError {
        MessageError("cannot serve on \(host):\(port): \(ConnectionFailure.describe(error))")
    }
}
