import Foundation
import LunarBase
import LunarArchive
import LunarUpdateServer

/// `lunar updates serve`: the update server until interrupted. Its address goes to standard
/// output as a line of its own (`http://127.0.0.1:PORT/`) once it listens; notes go to
/// standard error.
public enum UpdateServeSession {
    /// What `lunar updates serve` was given.
    public struct Options: Sendable {
        public var host = "127.0.0.1"
        public var port = 8090
        public var dataDirectory: URL
        /// `postgres://...`; nil keeps everything in SQLite under the data directory.
        public var database: String?
        public var adminToken: String
        /// Public key files; when given, only archives signed by one of them are taken.
        public var publisherKeys: [String] = []
        public var haltFailureRate = 0.2
        public var haltMinimumReports = 10

        public init(dataDirectory: URL, adminToken: String) {
            self.dataDirectory = dataDirectory
            self.adminToken = adminToken
        }
    }

    /// Serves until interrupted.
    /// - Throws: `MessageError` when a key, the database or the address cannot be used.
    public static func run(_ options: Options) async throws {
        guard !options.adminToken.isEmpty else { throw MessageError("--admin-token must not be empty") }
        guard (0...1).contains(options.haltFailureRate) else { throw MessageError("--halt-failure-rate takes a fraction from 0 to 1 (0.2 is 20 %)") }
        guard options.haltMinimumReports >= 1 else { throw MessageError("--halt-minimum-reports takes a whole number of at least 1") }
        // NIO would take a port past 65535 modulo 2^16 and listen somewhere else.
        guard (0...65535).contains(options.port) else { throw MessageError("--port takes 0 to 65535 (0 picks a free port)") }
        var keys: [BundlePublicKey] = []
        for path in options.publisherKeys {
            do { keys.append(try BundlePublicKey(contentsOf: URL(fileURLWithPath: path))) } catch {
                throw MessageError(error.message)
            }
        }
        do {
            try FileManager.default.createDirectory(at: options.dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw MessageError("cannot make \(options.dataDirectory.path): \(error.localizedDescription)")
        }
        let database = try await openDatabase(options)
        var configuration = UpdateServer.Configuration(dataDirectory: options.dataDirectory, adminToken: options.adminToken)
        configuration.host = options.host
        configuration.port = options.port
        configuration.publisherKeys = keys
        configuration.halt = .init(failureRate: options.haltFailureRate, minimumReports: options.haltMinimumReports)
        let server: UpdateServer
        do {
            server = try await UpdateServer(configuration: configuration, database: database)
        } catch {
            await database.close()
            throw MessageError("cannot prepare the database: \(error)")
        }
        let loopback = ["127.0.0.1", "localhost", "::1"].contains(options.host)
        let fingerprints = keys.map(\.fingerprint).joined(separator: ", ")
        let store = options.database == nil ? "SQLite in \(options.dataDirectory.appendingPathComponent("updates.sqlite").path)" : "PostgreSQL"
        do {
            try await server.run { url in
                SessionOutput.standard("\(url.absoluteString)\n")
                var notes = "lunar updates: serving releases (\(store), archives in \(options.dataDirectory.appendingPathComponent("archives").path))"
                notes += fingerprints.isEmpty ? "; uploads need the admin token\n" : "; uploads need the admin token and a signature by \(fingerprints)\n"
                if !loopback { notes += "lunar updates: listening on \(options.host): devices on the network reach it; keep the admin token secret\n" }
                SessionOutput.error(notes)
            }
        } catch {
            await database.close()
            throw ServeSession.cannotServe(host: options.host, port: options.port, error)
        }
        await database.close()
    }

    static func openDatabase(_ options: Options) async throws -> any UpdateDatabase {
        guard let text = options.database else {
            do { return try await SQLiteUpdateDatabase.open(options.dataDirectory.appendingPathComponent("updates.sqlite")) } catch {
                throw MessageError("\(error)")
            }
        }
        guard let url = URL(string: text), ["postgres", "postgresql"].contains(url.scheme?.lowercased() ?? "") else {
            throw MessageError("--database takes a postgres://USER:PASSWORD@HOST:PORT/NAME URL (leave it out to keep SQLite under --data)")
        }
        do { return try await PostgresUpdateDatabase.open(url) } catch {
            throw MessageError("\(error)")
        }
    }
}
