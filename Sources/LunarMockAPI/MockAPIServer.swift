import Foundation
import Hummingbird
import Logging
import LunarBase
import LunarServing

/// A bundle's mock API alone on HTTP: `/api/...` answered by ``MockAPI`` as the dev server
/// answers it, every other path 404. What ``MockAPIScope`` runs for `lunar run` and `lunar test`,
/// so neither needs the dev server's files and change feed.
package struct MockAPIServer: Sendable {
    /// The `mock-api` directory served.
    package let root: URL
    /// The address to bind.
    package let host: String
    /// The port; 0 picks a free one.
    package let port: Int

    package init(root: URL, host: String = "127.0.0.1", port: Int = 0) {
        self.root = root
        self.host = host
        self.port = port
    }

    /// Starts serving in a background task and returns once the server listens; throws when it
    /// cannot (the port is taken, say).
    package func start() async throws -> RunningServer {
        let responder = MockAPIResponder(mockAPI: MockAPI(root: root))
        let logger = {
            var logger = Logger(label: "lunar.mock-api")
            // Stopping is cancellation, which Hummingbird logs as errors; failures reach the caller as thrown errors.
            logger.logLevel = .critical
            return logger
        }()
        let host = host, port = port
        let (url, task) = try await BackgroundServer.start({ onListening in
            let app = Application(
                responder: responder,
                configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "lunar"),
                onServerRunning: { channel in await onListening(BackgroundServer.url(host: host, channel: channel)) },
                logger: logger)
            try await app.run()
        }, stoppedEarly: { MessageError("the server stopped before it listened") })
        return RunningServer(url: url, task: task)
    }
}

extension RunningServer {
    /// The mock API's base URL (`<url>/api`) of the dev server or the mock API server: what the
    /// network layer's base URL is set to.
    public var mockAPIURL: URL { url.appendingPathComponent("api") }
}

/// Answers `/api/...` with the mock API and anything else with 404.
private struct MockAPIResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let mockAPI: MockAPI

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        guard path == "/api" || path.hasPrefix("/api/") else {
            return .plainText(.notFound, "\(path): not found (the mock API is under /api)")
        }
        return try await mockAPI.respond(to: request, path: String(path.dropFirst(4)))
    }
}
