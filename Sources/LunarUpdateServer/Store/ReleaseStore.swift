import Crypto
import Foundation
import LunarBase
import LunarUpdates

/// Releases, rollouts and reports over an ``UpdateDatabase``: what every endpoint of the
/// server reads and changes. Every answer comes from the database, so server processes that
/// share one give the same answers.
public struct ReleaseStore: Sendable {
    /// When a rollout halts by itself.
    public struct HaltPolicy: Sendable, Hashable {
        /// The launch failure rate (failures / (launches + failures)) past which a release halts.
        public var failureRate: Double
        /// Reports needed (launches + failures) before the rate counts.
        public var minimumReports: Int

        public init(failureRate: Double = 0.2, minimumReports: Int = 10) {
            self.failureRate = failureRate
            self.minimumReports = minimumReports
        }
    }

    let database: any UpdateDatabase
    let halt: HaltPolicy
    /// Report rows kept per release (devices × kinds); later reports are taken but not stored.
    let reportsPerRelease: Int
    /// The server's secret for receipts: made once, kept in the database so every process shares it.
    let receiptKey: SymmetricKey

    /// Uses `database`, creating the tables it lacks (and the receipt secret, once).
    public init(database: any UpdateDatabase, halt: HaltPolicy = HaltPolicy(), reportsPerRelease: Int = 1_000_000) async throws {
        self.database = database
        self.halt = halt
        self.reportsPerRelease = reportsPerRelease
        let key = database.dialect.serialKey
        try await database.exclusively { db in
            _ = try await db.query("""
                CREATE TABLE IF NOT EXISTS releases (
                    id \(key),
                    channel TEXT NOT NULL,
                    version TEXT NOT NULL,
                    bridge_api TEXT NOT NULL,
                    sha256 TEXT NOT NULL,
                    size BIGINT NOT NULL,
                    rollout INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    message TEXT NOT NULL,
                    published_at BIGINT NOT NULL,
                    signed_by TEXT NOT NULL
                )
                """, [])
            _ = try await db.query("CREATE INDEX IF NOT EXISTS releases_by_channel ON releases (channel, id)", [])
            _ = try await db.query("""
                CREATE TABLE IF NOT EXISTS reports (
                    release_id BIGINT NOT NULL,
                    device TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    reason TEXT NOT NULL,
                    PRIMARY KEY (release_id, kind, device)
                )
                """, [])
            // Added with release statements (issue 28): the publisher's signed channel and sequence.
            _ = try await db.query("""
                CREATE TABLE IF NOT EXISTS statements (
                    release_id BIGINT PRIMARY KEY,
                    channel TEXT NOT NULL,
                    sequence BIGINT NOT NULL,
                    body TEXT NOT NULL
                )
                """, [])
            // Added with publish-time patches (issue 28): the pairs a patch is served for.
            _ = try await db.query("""
                CREATE TABLE IF NOT EXISTS patches (
                    old_sha256 TEXT NOT NULL,
                    new_sha256 TEXT NOT NULL,
                    PRIMARY KEY (old_sha256, new_sha256)
                )
                """, [])
            // Added with receipts (issue 28): a table of its own, so older databases just gain it.
            _ = try await db.query("CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)", [])
            let fresh = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString()
            _ = try await db.query("INSERT INTO settings (name, value) VALUES ('receipt_secret', $1) ON CONFLICT DO NOTHING", [.text(fresh)])
        }
        let rows = try await database.query("SELECT value FROM settings WHERE name = 'receipt_secret'", [])
        guard let text = rows.first?["value"]?.string, let secret = Data(base64Encoded: text), secret.count >= 32 else {
            throw UpdateDatabaseError("the database's receipt secret (table settings, receipt_secret) is missing or malformed")
        }
        receiptKey = SymmetricKey(data: secret)
    }

    /// The receipt a check answer gives `device` for `release` of `channel`: HMAC-SHA256 with the
    /// server's secret, so only a device the server offered that release to can report on it.
    public func receipt(device: String, release: String, channel: String) -> String {
        let message = Data("lunar-receipt\0\(channel)\0\(release)\0\(device)".utf8)
        return Data(HMAC<SHA256>.authenticationCode(for: message, using: receiptKey)).map { String(format: "%02x", $0) }.joined()
    }

    /// Why a report batch was refused (nothing of it is stored).
    public struct ReportRefusal: Error, Sendable {
        /// 404 (no such release) or 403 (no receipt, or one this server did not issue).
        public var status: Int
        public var message: String
    }

    static let columns = "id, channel, version, bridge_api, sha256, size, rollout, state, message, published_at, signed_by"

    /// Adds a release; returns it with its id.
    public func publish(channel: String, version: String, bridgeAPI: String, sha256: String, size: Int,
                        rollout: Int, message: String, signedBy: String) async throws -> ReleaseInfo {
        let rows = try await database.query("""
            INSERT INTO releases (channel, version, bridge_api, sha256, size, rollout, state, message, published_at, signed_by)
            VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $9) RETURNING \(Self.columns)
            """, [.text(channel), .text(version), .text(bridgeAPI), .text(sha256), .integer(size), .integer(rollout),
                  .text(message), .integer(Int(Date().timeIntervalSince1970)), .text(signedBy)])
        guard let row = rows.first else { throw UpdateDatabaseError("the new release was not stored") }
        return Self.release(row)
    }

    /// The highest statement sequence of `channel`, nil when none of its releases has a statement.
    public func newestSequence(channel: String) async throws -> Int? {
        let rows = try await database.query("SELECT MAX(sequence) AS newest FROM statements WHERE channel = $1", [.text(channel)])
        guard let value = rows.first?["newest"], value != .null else { return nil }
        return value.int
    }

    /// Keeps `statement` (checked by the caller) as release `id`'s, replacing an earlier one (a rollback's).
    public func setStatement(_ statement: SignedReleaseStatement, sequence: Int, release id: String, channel: String) async throws {
        let body = String(decoding: try JSONEncoder().encode(statement), as: UTF8.self)
        _ = try await database.query("""
            INSERT INTO statements (release_id, channel, sequence, body) VALUES ($1, $2, $3, $4)
            ON CONFLICT (release_id) DO UPDATE SET sequence = excluded.sequence, body = excluded.body
            """, [.integer(Int(id) ?? 0), .text(channel), .integer(sequence), .text(body)])
    }

    /// `releases` with their statements.
    public func withStatements(_ releases: [ReleaseInfo]) async throws -> [ReleaseInfo] {
        let ids = releases.compactMap { Int($0.id) }
        guard !ids.isEmpty else { return releases }
        let placeholders = (1...ids.count).map { "$\($0)" }.joined(separator: ", ")
        let rows = try await database.query("SELECT release_id, body FROM statements WHERE release_id IN (\(placeholders))", ids.map { .integer($0) })
        var bodies: [String: SignedReleaseStatement] = [:]
        for row in rows {
            if let statement = try? JSONDecoder().decode(SignedReleaseStatement.self, from: Data((row["body"]?.string ?? "").utf8)) {
                bodies[row["release_id"]?.string ?? ""] = statement
            }
        }
        return releases.map { release in
            var release = release
            release.statement = bodies[release.id]
            return release
        }
    }

    /// The release a device of `release`'s channel most likely has when `release` is offered to
    /// it: the newest earlier active one for the same bridge API (nil when there is none).
    public func predecessor(of release: ReleaseInfo) async throws -> ReleaseInfo? {
        let rows = try await database.query("""
            SELECT \(Self.columns) FROM releases
            WHERE channel = $1 AND bridge_api = $2 AND state = 'active' AND id < $3 AND sha256 <> $4 ORDER BY id DESC LIMIT 1
            """, [.text(release.channel), .text(release.bridgeAPI), .integer(Int(release.id) ?? 0), .text(release.sha256)])
        return rows.first.map(Self.release)
    }

    /// Records that the patch from archive `old` to archive `new` is served.
    public func addPatch(from old: String, to new: String) async throws {
        _ = try await database.query("INSERT INTO patches (old_sha256, new_sha256) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                                     [.text(old), .text(new)])
    }

    /// Whether a patch from archive `old` to archive `new` was made at publishing.
    public func hasPatch(from old: String, to new: String) async throws -> Bool {
        try await !database.query("SELECT 1 AS one FROM patches WHERE old_sha256 = $1 AND new_sha256 = $2", [.text(old), .text(new)]).isEmpty
    }

    /// The newest active release of `channel` for `bridgeAPI` whose rollout includes `device`.
    public func check(channel: String, device: String, bridgeAPI: String) async throws -> ReleaseInfo? {
        let rows = try await database.query("""
            SELECT \(Self.columns) FROM releases
            WHERE channel = $1 AND bridge_api = $2 AND state = 'active' ORDER BY id DESC LIMIT 100
            """, [.text(channel), .text(bridgeAPI)])
        guard let chosen = rows.lazy.map(Self.release).first(where: { Rollout.includes(percent: $0.rollout, device: device, release: $0.id) }) else {
            return nil
        }
        return try await withStatements([chosen]).first
    }

    /// The channel's releases, newest first, with distinct devices per report kind.
    public func list(channel: String) async throws -> [ReleaseSummary] {
        let rows = try await database.query("""
            SELECT \(Self.columns),
                (SELECT COUNT(*) FROM reports WHERE release_id = releases.id AND kind = 'install') AS installs,
                (SELECT COUNT(*) FROM reports WHERE release_id = releases.id AND kind = 'launch') AS launches,
                (SELECT COUNT(*) FROM reports WHERE release_id = releases.id AND kind = 'failure') AS failures
            FROM releases WHERE channel = $1 ORDER BY id DESC
            """, [.text(channel)])
        let withStatements = try await withStatements(rows.map(Self.release))
        return zip(rows, withStatements).map { row, release in
            ReleaseSummary(release: release, installs: row["installs"]?.int ?? 0,
                           launches: row["launches"]?.int ?? 0, failures: row["failures"]?.int ?? 0)
        }
    }

    /// Sets a release's rollout; a halted release becomes active again (the publisher decided).
    /// Nil when the channel has no such release (or it was rolled back).
    public func setRollout(channel: String, release: Int, percent: Int) async throws -> ReleaseInfo? {
        let rows = try await database.query("""
            UPDATE releases SET rollout = $1, state = 'active'
            WHERE id = $2 AND channel = $3 AND state <> 'rolledBack' RETURNING \(Self.columns)
            """, [.integer(percent), .integer(release), .text(channel)])
        return try await withStatements(rows.map(Self.release)).first
    }

    /// The channel's newest active release and the active one before it (what a rollback
    /// would take it back to), when it has two.
    public func rollbackTarget(channel: String) async throws -> (newest: ReleaseInfo, target: ReleaseInfo)? {
        let active = try await database.query(
            "SELECT \(Self.columns) FROM releases WHERE channel = $1 AND state = 'active' ORDER BY id DESC LIMIT 2",
            [.text(channel)]).map(Self.release)
        guard active.count == 2 else { return nil }
        return (active[0], active[1])
    }

    /// Why a rollback could not happen.
    public enum RollbackRefusal: Error, Sendable {
        case noActiveRelease
        case noEarlierRelease(ReleaseInfo)
    }

    /// Marks the channel's newest active release rolled back, so the one before it is offered.
    public func rollback(channel: String) async throws -> Result<RollbackAnswer, RollbackRefusal> {
        let active = try await database.query(
            "SELECT \(Self.columns) FROM releases WHERE channel = $1 AND state = 'active' ORDER BY id DESC LIMIT 2",
            [.text(channel)]).map(Self.release)
        guard let newest = active.first else { return .failure(.noActiveRelease) }
        guard active.count > 1 else { return .failure(.noEarlierRelease(newest)) }
        let rows = try await database.query(
            "UPDATE releases SET state = 'rolledBack' WHERE id = $1 AND state = 'active' RETURNING \(Self.columns)",
            [.integer(Int(newest.id) ?? 0)])
        guard let rolledBack = rows.first.map(Self.release) else { return .failure(.noActiveRelease) }
        let current = try await database.query(
            "SELECT \(Self.columns) FROM releases WHERE channel = $1 AND state = 'active' ORDER BY id DESC LIMIT 1",
            [.text(channel)]).first.map(Self.release) ?? active[1]
        return .success(RollbackAnswer(rolledBack: rolledBack, current: current))
    }

    /// Records a device's reports (each device counts once per release and kind; at most
    /// ``reportsPerRelease`` rows per release), then halts every reported release whose launch
    /// failure rate passed the threshold. Every event must name a release of this server and
    /// carry the receipt its check gave this device; otherwise the batch is refused whole.
    public func record(_ batch: ReportBatch) async throws -> Result<Void, ReportRefusal> {
        var releases: [String: Int] = [:]
        for event in batch.events where releases[event.release] == nil {
            let shown = LogText.quoted(event.release, limit: 40)
            guard let id = Int(event.release), id > 0,
                  let row = try await database.query("SELECT channel FROM releases WHERE id = $1", [.integer(id)]).first
            else {
                return .failure(ReportRefusal(status: 404, message: "release \(shown) does not exist on this server: reports about it are refused"))
            }
            guard let given = event.receipt else {
                return .failure(ReportRefusal(status: 403, message: "the report about release \(id) carries no receipt: reports are taken only from devices that checked that release (send the receipt of its check answer)"))
            }
            let expected = receipt(device: batch.device, release: String(id), channel: row["channel"]?.string ?? "")
            guard equalInConstantTime(given, expected) else {
                return .failure(ReportRefusal(status: 403, message: "the report about release \(id) carries a receipt this server did not issue to device \(LogText.quoted(batch.device, limit: 80))"))
            }
            releases[event.release] = id
        }
        var touched: Set<Int> = []
        // Rows per release, counted once a batch (not once an event) and kept up to date here.
        var counts: [Int: Int] = [:]
        for event in batch.events {
            guard let release = releases[event.release] else { continue }
            let count: Int
            if let known = counts[release] {
                count = known
            } else {
                count = try await database.query("SELECT COUNT(*) AS n FROM reports WHERE release_id = $1", [.integer(release)]).first?["n"]?.int ?? 0
            }
            counts[release] = count + 1  // an upper bound: a repeated report inserts nothing
            if count >= reportsPerRelease { continue }
            _ = try await database.query("""
                INSERT INTO reports (release_id, device, kind, reason) VALUES ($1, $2, $3, $4)
                ON CONFLICT DO NOTHING
                """, [.integer(release), .text(batch.device), .text(event.kind.rawValue), .text(String((event.reason ?? "").prefix(500)))])
            if event.kind != .install { touched.insert(release) }
        }
        for release in touched.sorted() { try await haltIfFailing(release) }
        return .success(())
    }

    private func haltIfFailing(_ release: Int) async throws {
        let rows = try await database.query("""
            SELECT
                (SELECT COUNT(*) FROM reports WHERE release_id = $1 AND kind = 'launch') AS launches,
                (SELECT COUNT(*) FROM reports WHERE release_id = $1 AND kind = 'failure') AS failures
            """, [.integer(release)])
        let launches = rows.first?["launches"]?.int ?? 0, failures = rows.first?["failures"]?.int ?? 0
        let reports = launches + failures
        guard reports >= halt.minimumReports, Double(failures) / Double(reports) > halt.failureRate else { return }
        _ = try await database.query("UPDATE releases SET state = 'halted' WHERE id = $1 AND state = 'active'", [.integer(release)])
    }

    static func release(_ row: SQLRow) -> ReleaseInfo {
        let sha256 = row["sha256"]?.string ?? ""
        return ReleaseInfo(
            id: row["id"]?.string ?? "", channel: row["channel"]?.string ?? "", version: row["version"]?.string ?? "",
            bridgeAPI: row["bridge_api"]?.string ?? "", sha256: sha256, size: row["size"]?.int ?? 0,
            url: "/archives/\(sha256).lunar", rollout: row["rollout"]?.int ?? 0, state: row["state"]?.string ?? "",
            message: row["message"]?.string ?? "", publishedAt: row["published_at"]?.int ?? 0, signedBy: row["signed_by"]?.string ?? "")
    }
}
