/// A value bound to, or read from, an SQL statement.
public enum SQLValue: Sendable, Hashable {
    case integer(Int)
    case text(String)
    case null

    /// The integer, or 0.
    var int: Int {
        if case .integer(let value) = self { return value }
        if case .text(let text) = self { return Int(text) ?? 0 }
        return 0
    }

    /// The text, or "".
    var string: String {
        switch self {
        case .text(let value): value
        case .integer(let value): String(value)
        case .null: ""
        }
    }
}

/// One result row, by column name.
public typealias SQLRow = [String: SQLValue]

/// Where the update server keeps releases and reports: SQLite under `--data` by default
/// (``SQLiteUpdateDatabase``), or PostgreSQL (``PostgresUpdateDatabase``) so several server
/// processes share one database.
///
/// Statements are written once, in the dialect both understand: parameters `$1`, `$2`, ...
/// (each used in increasing order), `RETURNING`, `ON CONFLICT DO NOTHING`. The only
/// difference, the auto-numbered key, is ``Dialect/serialKey``.
public protocol UpdateDatabase: Sendable {
    /// Which SQL the database speaks where the two differ.
    var dialect: Dialect { get }
    /// Runs one statement and returns its rows.
    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow]
    /// Runs `body` so that no other server process runs its own `exclusively` body at the same
    /// time (creating the tables, say).
    func exclusively(_ body: @Sendable (any UpdateDatabase) async throws -> Void) async throws
    /// Closes the connections.
    func close() async
}

/// The SQL that differs between the stores.
public enum Dialect: Sendable {
    case sqlite
    case postgres

    /// An auto-numbered integer primary key column.
    var serialKey: String {
        switch self {
        case .sqlite: "INTEGER PRIMARY KEY AUTOINCREMENT"
        case .postgres: "BIGSERIAL PRIMARY KEY"
        }
    }
}

/// A database that could not be opened or answered with an error.
public struct UpdateDatabaseError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
