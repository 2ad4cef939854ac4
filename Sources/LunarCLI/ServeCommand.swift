import ArgumentParser
import Foundation
import LunarBridge
import LunarBundle
import LunarDevServer
import LunarRuntime

/// `lunar serve BUNDLE [--port N] [--host ADDR]`: serves the bundle's files,
/// a change feed and its mock API over HTTP until interrupted.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a bundle, its change feed and its mock API over HTTP (for lunar run http://...)."
    )

    @Argument(help: "The bundle directory.")
    var bundle: String

    @Option(help: "The port (0 picks a free one).")
    var port: Int = 8081

    @Option(help: "The address to listen on; anything but loopback exposes the bundle and its mock API to the network.")
    var host: String = "127.0.0.1"

    @Option(help: "Seconds between checks of the bundle for changed files.")
    var pollInterval: Double = 0.2

    func run() async throws {
        try await reportingFailures { try await serve() }
    }

    func serve() async throws {
        let loaded: ScriptBundle
        do {
            loaded = try ScriptBundle(directory: URL(fileURLWithPath: bundle))
        } catch {
            throw ScriptFailure(message: "lunar: \(error)")
        }
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
                StandardStream.output.write(text)
            }
        } catch {
            throw ScriptFailure(message: "lunar: cannot serve on \(host):\(port): \(ConnectionFailure.describe(error))")
        }
    }
}
