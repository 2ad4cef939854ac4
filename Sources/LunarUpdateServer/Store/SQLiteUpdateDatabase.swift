import Foundation
import Logging
import SQLiteNIO
import Synchronization

/// The embedded store: one SQLite file (`updates.sqlite` under `--data`), through sqlite-nio
/// (SQLite's calls run on SwiftNIO's thread pool, never on an event loop). One connection;
/// write-ahead logging so reads go on while a report is written.
public final class SQLiteUpdateDatabase: UpdateDatabase {
    public let dialect = Dialect.sqlite
    private let connection: SQLiteConnection
    private let closed = Mutex(false)

    private init(connection: SQLiteConnection) { self.connection = connection }

    /// A database dropped without ``close()`` is closed in the background (the pending close
    /// keeps the connection until it has run).
    deinit {
        if !closed.withLock({ $0 }) { _ = connection.close() }
    }

    /// Opens (or creates) the database file at `url`.
    public static func open(_ url: URL) async throws -> SQLiteUpdateDatabase {
        var logger = Logger(label: "lunar.updates.sqlite")
        logger.logLevel = .critical
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: url.path), logger: logger)
        } catch {
            throw UpdateDatabaseError("cannot open \(url.path): \(error)")
        }
        let database = SQLiteUpdateDatabase(connection: connection)
        _ = try await database.query("PRAGMA journal_mode=WAL", [])
        _ = try await database.query("PRAGMA busy_timeout=5000", [])
        return database
    }

    public func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        // `$N` and SQLite's `?N` both bind parameter N.
        let statement = sql.replacingOccurrences(of: "$", with: "?")
        let data = binds.map { value -> SQLiteData in
            switch value {
            case .integer(let number): .integer(number)
            case .text(let text): .text(text)
            case .null: .null
            }
        }
        let rows: [SQLiteRow]
        do { rows = try await connection.query(statement, data) } catch {
            throw UpdateDatabaseError("SQLite: \(error)")
        }
        return try rows.map { row in
            var values: SQLRow = [:]
            for column in row.columns {
                switch column.data {
                case .integer(let number): values[column.name] = .integer(Int(number))
                case .text(let text): values[column.name] = .text(text)
                case .float(let number):
                    // A row may hold any REAL (written by another tool, or 1e300): converted only when exact.
                    guard let whole = Int(exactly: number) else {
                        throw UpdateDatabaseError("SQLite: column \(column.name) holds \(number), not a whole number this server can use")
                    }
                    values[column.name] = .integer(whole)
                case .blob, .null: values[column.name] = .null
                }
            }
            return values
        }
    }

    /// One process owns a SQLite file: nothing else to exclude.
    public func exclusively(_ body: @Sendable (any UpdateDatabase) async throws -> Void) async throws {
        try await body(self)
    }

    public func close() async {
        guard closed.withLock({ done in defer { done = true }; return !done }) else { return }
        try? await connection.close()
    }
}
