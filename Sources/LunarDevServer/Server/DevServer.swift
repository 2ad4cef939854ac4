import Foundation
import LunarServing
import Hummingbird
import Logging
import LunarMockAPI
import LunarBase
import NIOCore

/// Serves a bundle directory to remote hosts over HTTP, with a change feed
/// and the bundle's mock API.
///
/// | endpoint | answer |
/// |---|---|
/// | `GET /` | `{"name", "version", "files", "events", "mockAPI"}`: what this server offers |
/// | `GET /manifest.json` | the manifest |
/// | `GET /files` | `{"files": [{"path", "sha256", "size"}, ...]}` |
/// | `GET /files/<path>` | a file (400 for `..`/absolute/hidden paths, 404 outside the bundle) |
/// | `GET /events` | server-sent events: `ready`, then `{"changed": [...]}` per change |
/// | `/api/...` | the mock API (``MockAPI``), any method |
///
/// ```swift
/// let server = DevServer(bundleDirectory: url, changes: BundleWatcher(root: url))
/// let running = try await server.start()        // listening on 127.0.0.1:8081
/// print(running.url, running.mockAPIURL)
/// await running.stop()
/// ```
/// It binds 127.0.0.1 unless ``Configuration/host`` says otherwise. The
/// server runs on SwiftNIO's threads and the Swift concurrency pool, never on
/// a runtime's executor; mock handlers get engines of their own.
public struct DevServer: Sendable {
    /// Where to listen.
    public struct Configuration: Sendable, Hashable {
        /// The address to bind: loopback by default; `0.0.0.0` exposes the bundle to the network.
        public var host: String
        /// The port; 0 picks a free one (read it from ``RunningServer/url``).
        public var port: Int
        /// Seconds between keep-alive comments on idle `/events` connections.
        public var heartbeatInterval: Double

        public init(host: String = "127.0.0.1", port: Int = 8081, heartbeatInterval: Double = 15) {
            self.host = host
            self.port = port
            self.heartbeatInterval = heartbeatInterval
        }
    }

    /// The bundle directory served.
    public let bundleDirectory: URL
    public let configuration: Configuration
    /// What feeds `/events`; without one the endpoint answers 404.
    public let changes: (any BundleChangeSource)?

    public init(bundleDirectory: URL, configuration: Configuration = Configuration(), changes: (any BundleChangeSource)? = nil) {
        self.bundleDirectory = bundleDirectory.standardizedFileURL
        self.configuration = configuration
        self.changes = changes
    }

    /// Serves until the calling task is cancelled; throws when the address
    /// cannot be bound. `onListening` is called once, with the server's URL
    /// (carrying the real port when the configured one is 0), before any
    /// request is answered.
    public func run(onListening: @escaping @Sendable (URL) async -> Void = { _ in }) async throws {
        let feed = ChangeFeed()
        // Opened before listening, so a change made once `onListening` ran is never missed.
        let changeStream = changes?.changes()
        let mockRoot = bundleDirectory.appendingPathComponent("mock-api")
        let responder = DevServerResponder(
            root: bundleDirectory,
            files: BundleFileIndex(root: bundleDirectory),
            mockAPI: MockAPI(root: mockRoot),
            feed: changeStream == nil ? nil : feed)
        var logger = Logger(label: "lunar.dev-server")
        // Stopping is cancellation, which Hummingbird logs as errors; failures reach the caller as thrown errors.
        logger.logLevel = .critical
        let host = configuration.host
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: configuration.port), serverName: "lunar"),
            onServerRunning: { channel in await onListening(BackgroundServer.url(host: host, channel: channel)) },
            logger: logger)
        let heartbeat = configuration.heartbeatInterval
        try await withTaskCancellationHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await app.run() }
                if let changeStream {
                    group.addTask {
                        for await batch in changeStream { feed.publish(batch) }
                    }
                    group.addTask {
                        while !Task.isCancelled {
                            try await Task.sleep(nanoseconds: UInt64(heartbeat * 1e9))
                            feed.heartbeat()
                        }
                    }
                }
                // The server ending (or failing to bind) ends the rest.
                defer { feed.finish() }
                try await group.next()
                group.cancelAll()
            }
        } onCancel: {
            // Streaming `/events` responses must end for the server to shut down.
            feed.finish()
        }
    }

    /// Starts serving in a background task and returns once the server
    /// listens; throws when it cannot (the port is taken, say).
    public func start() async throws -> RunningServer {
        let server = self
        let (url, task) = try await BackgroundServer.start({ try await server.run(onListening: $0) },
                                                           stoppedEarly: { MessageError("the server stopped before it listened") })
        return RunningServer(url: url, task: task)
    }
}
