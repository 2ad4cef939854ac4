import ArgumentParser
import Foundation
import LunarCommands

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
        try await reportingFailures {
            try await ServeSession.run(bundle: URL(fileURLWithPath: bundle), host: host, port: port, pollInterval: pollInterval)
        }
    }
}
