import Foundation
import Logging
import NIOCore
import PostgresNIO

/// The shared store: a PostgreSQL database (`--database postgres://USER:PASSWORD@HOST:PORT/NAME`),
/// through postgres-nio's connection pool. Several server processes behind a load balancer
/// use one database and give the same answers: every answer is read from it, nothing is cached
/// in a process.
///
/// `?host=/run/postgresql` in the URL connects through that directory's Unix socket. Connections
/// are not encrypted: keep the database on a private network.
public final class PostgresUpdateDatabase: UpdateDatabase {
    public let dialect = Dialect.postgres
    private let client: PostgresClient
    private let runTask: Task<Void, Never>
    private let logger: Logger

    private init(client: PostgresClient, runTask: Task<Void, Never>, logger: Logger) {
        self.client = client
        self.runTask = runTask
        self.logger = logger
    }

    /// Connects to the database `url` names and checks that it answers.
    public static func open(_ url: URL) async throws -> PostgresUpdateDatabase {
        let configuration = try configuration(for: url)
        var logger = Logger(label: "lunar.updates.postgres")
        logger.logLevel = .critical
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let runTask = Task { await client.run() }
        let database = PostgresUpdateDatabase(client: client, runTask: runTask, logger: logger)
        do {
            _ = try await database.query("SELECT 1 AS one", [])
        } catch {
            await database.close()
            throw UpdateDatabaseError("cannot use the database at \(redacted(url)): \(error)")
        }
        return database
    }

    /// The client configuration of a `postgres://` URL.
    static func configuration(for url: URL) throws -> PostgresClient.Configuration {
        guard let scheme = url.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql",
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else {
            throw UpdateDatabaseError("\(redacted(url)): a database URL looks like postgres://USER:PASSWORD@HOST:PORT/NAME")
        }
        let user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        let password = components.password.flatMap { $0.removingPercentEncoding }
        var name = components.path
        while name.hasPrefix("/") { name.removeFirst() }
        let database = name.isEmpty ? nil : name
        if let socketDirectory = components.queryItems?.first(where: { $0.name == "host" })?.value, socketDirectory.hasPrefix("/") {
            let port = components.port ?? 5432
            return PostgresClient.Configuration(
                unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password, database: database)
        }
        guard let host = components.host, !host.isEmpty else {
            throw UpdateDatabaseError("\(redacted(url)): the database URL names no host")
        }
        return PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: password, database: database, tls: .disable)
    }

    /// The URL without its password, for messages.
    static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.password != nil else {
            return url.absoluteString
        }
        components.password = "***"
        return components.string ?? "the database URL"
    }

    public func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try await Self.run(sql, binds) { query in try await client.query(query, logger: logger) }
    }

    /// Holds a PostgreSQL advisory lock (on one connection) around `body`: server processes
    /// starting together create the tables one after the other.
    public func exclusively(_ body: @Sendable (any UpdateDatabase) async throws -> Void) async throws {
        let logger = self.logger
        try await client.withConnection { connection in
            let locked = LockedConnection(connection: connection, logger: logger)
            _ = try await locked.query("SELECT pg_advisory_lock(7405)", [])
            do {
                try await body(locked)
            } catch {
                _ = try? await locked.query("SELECT pg_advisory_unlock(7405)", [])
                throw error
            }
            _ = try await locked.query("SELECT pg_advisory_unlock(7405)", [])
        }
    }

    public func close() async {
        runTask.cancel()
        await runTask.value
    }

    static func run(_ sql: String, _ binds: [SQLValue], _ send: (PostgresQuery) async throws -> PostgresRowSequence) async throws -> [SQLRow] {
        var bindings = PostgresBindings()
        for value in binds {
            switch value {
            case .integer(let number): bindings.append(Int64(number))
            case .text(let text): bindings.append(text)
            case .null: bindings.appendNull()
            }
        }
        var rows: [SQLRow] = []
        do {
            for try await row in try await send(PostgresQuery(unsafeSQL: sql, binds: bindings)) {
                var values: SQLRow = [:]
                for cell in row {
                    guard cell.bytes != nil else { values[cell.columnName] = .null; continue }
                    switch cell.dataType {
                    case .int2, .int4, .int8: values[cell.columnName] = .integer(Int(try cell.decode(Int64.self)))
                    case .bool: values[cell.columnName] = .integer(try cell.decode(Bool.self) ? 1 : 0)
                    case .float4, .float8:
                        // As in SQLite: a REAL is taken only when it is exactly a whole number.
                        let number = try cell.decode(Double.self)
                        guard let whole = Int(exactly: number) else {
                            throw UpdateDatabaseError("PostgreSQL: column \(cell.columnName) holds \(number), not a whole number this server can use")
                        }
                        values[cell.columnName] = .integer(whole)
                    default: values[cell.columnName] = .text((try? cell.decode(String.self)) ?? "")
                    }
                }
                rows.append(values)
            }
        } catch let error as PSQLError {
            throw UpdateDatabaseError("PostgreSQL: \(error.serverInfo?[.message] ?? String(describing: error.code))")
        }
        return rows
    }
}

/// One leased connection, for the statements inside ``PostgresUpdateDatabase/exclusively(_:)``.
private struct LockedConnection: UpdateDatabase {
    let connection: PostgresConnection
    let logger: Logger
    var dialect: Dialect { .postgres }

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try await PostgresUpdateDatabase.run(sql, binds) { query in try await connection.query(query, logger: logger) }
    }

    func exclusively(_ body: @Sendable (any UpdateDatabase) async throws -> Void) async throws { try await body(self) }
    func close() async {}
}
