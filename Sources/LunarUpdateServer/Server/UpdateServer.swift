import Foundation
import LunarServing
import Hummingbird
import HummingbirdCore
import Logging
import LunarArchive
import LunarUpdates
import NIOCore
import Synchronization

/// The update server: releases by channel, their archives by SHA-256, rollouts, rollbacks and
/// device reports (the HTTP API is in docs/updates.md). What `lunar updates serve` runs.
///
/// ```swift
/// let database = try await SQLiteUpdateDatabase.open(dataDirectory.appendingPathComponent("updates.sqlite"))
/// let server = try await UpdateServer(configuration: .init(dataDirectory: dataDirectory, adminToken: token), database: database)
/// let running = try await server.start()      // http://127.0.0.1:PORT/
/// await running.stop()
/// ```
/// It binds 127.0.0.1 unless ``Configuration/host`` says otherwise. Devices use the public
/// endpoints (check, archives, reports); publishing and changing releases need the admin token.
public struct UpdateServer: Sendable {
    public struct Configuration: Sendable {
        /// The address to bind: loopback by default.
        public var host: String = "127.0.0.1"
        /// The port; 0 picks a free one.
        public var port: Int = 8090
        /// Where archives are kept (`archives/`), and the SQLite file when no other database is given.
        public var dataDirectory: URL
        /// What `Authorization: Bearer ...` must say to publish, list, roll out and roll back.
        public var adminToken: String
        /// When not empty, only archives signed by one of these keys are taken.
        public var publisherKeys: [BundlePublicKey] = []
        /// When a rollout halts by itself.
        public var halt = ReleaseStore.HaltPolicy()
        /// Report rows kept per release (distinct devices × kinds); the rest are taken, not stored.
        public var reportsPerRelease = 1_000_000
        /// The largest archive an upload may carry.
        public var maximumUpload = 64 << 20
        /// Header and idle timeouts and the connection cap (kept below the descriptor limit), so
        /// peers that never finish a request cannot take every socket (slowloris).
        public var limits = ConnectionLimits().applyingEnvironment()

        public init(dataDirectory: URL, adminToken: String) {
            self.dataDirectory = dataDirectory
            self.adminToken = adminToken
        }
    }

    public let configuration: Configuration
    let store: ReleaseStore
    let archives: ArchiveFiles

    /// A server over `database` (tables are created if missing).
    /// - Throws: when the admin token is empty, the port is not 0 to 65535, or the data directory or the tables cannot be made.
    public init(configuration: Configuration, database: any UpdateDatabase) async throws {
        guard !configuration.adminToken.isEmpty else { throw UpdateDatabaseError("the admin token must not be empty") }
        guard (0...65535).contains(configuration.port) else { throw UpdateDatabaseError("port \(configuration.port) is not 0 to 65535") }
        self.configuration = configuration
        archives = try ArchiveFiles(directory: configuration.dataDirectory.appendingPathComponent("archives", isDirectory: true))
        store = try await ReleaseStore(database: database, halt: configuration.halt, reportsPerRelease: configuration.reportsPerRelease)
    }

    /// Serves until the calling task is cancelled; throws when the address cannot be bound.
    /// `onListening` gets the server's URL (with the real port) before any request is answered.
    public func run(onListening: @escaping @Sendable (URL) async -> Void = { _ in }) async throws {
        let router = Router(context: BasicRequestContext.self)
        UpdateRoutes(store: store, archives: archives, configuration: configuration).add(to: router)
        var logger = Logger(label: "lunar.updates")
        logger.logLevel = .critical
        let host = configuration.host
        let limits = configuration.limits
        let app = Application(
            router: router,
            server: HTTPServerBuilder { responder in
                DeadlineChannel(inner: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: limits.idleTimeout)), limits: limits)
            },
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: configuration.port), serverName: "lunar-updates",
                // Past the cap the server stops accepting (connections wait in the backlog) instead
                // of running out of descriptors, where libdispatch and accept fail.
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections)),
            onServerRunning: { channel in await onListening(BackgroundServer.url(host: host, channel: channel)) },
            logger: logger)
        try await app.run()
    }

    /// Starts serving in a background task; returns once it listens, or throws why it cannot.
    public func start() async throws -> RunningUpdateServer {
        let server = self
        let (url, task) = try await BackgroundServer.start({ try await server.run(onListening: $0) },
                                                           stoppedEarly: { UpdateDatabaseError("the server stopped before it listened") })
        return RunningUpdateServer(url: url, task: task)
    }
}

/// An update server started with ``UpdateServer/start()``.
public final class RunningUpdateServer: Sendable {
    /// The server's base URL, e.g. `http://127.0.0.1:8090/`.
    public let url: URL
    private let task: Task<Void, Never>

    init(url: URL, task: Task<Void, Never>) {
        self.url = url
        self.task = task
    }

    /// Stops listening; returns once the server is down.
    public func stop() async {
        task.cancel()
        await task.value
    }
}
