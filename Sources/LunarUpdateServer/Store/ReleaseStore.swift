import Foundation
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

    /// Uses `database`, creating the tables it lacks.
    public init(database: any UpdateDatabase, halt: HaltPolicy = HaltPolicy()) async throws {
        self.database = database
        self.halt = halt
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
        }
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

    /// The newest active release of `channel` for `bridgeAPI` whose rollout includes `device`.
    public func check(channel: String, device: String, bridgeAPI: String) async throws -> ReleaseInfo? {
        let rows = try await database.query("""
            SELECT \(Self.columns) FROM releases
            WHERE channel = $1 AND bridge_api = $2 AND state = 'active' ORDER BY id DESC LIMIT 100
            """, [.text(channel), .text(bridgeAPI)])
        return rows.lazy.map(Self.release).first { Rollout.includes(percent: $0.rollout, device: device, release: $0.id) }
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
        return rows.map { row in
            ReleaseSummary(release: Self.release(row), installs: row["installs"]?.int ?? 0,
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
        return rows.first.map(Self.release)
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

    /// Records a device's reports (each device counts once per release and kind), then halts
    /// every reported release whose launch failure rate passed the threshold.
    public func record(_ batch: ReportBatch) async throws {
        var touched: Set<Int> = []
        for event in batch.events {
            guard let release = Int(event.release) else { continue }
            _ = try await database.query("""
                INSERT INTO reports (release_id, device, kind, reason) VALUES ($1, $2, $3, $4)
                ON CONFLICT DO NOTHING
                """, [.integer(release), .text(batch.device), .text(event.kind.rawValue), .text(String((event.reason ?? "").prefix(500)))])
            if event.kind != .install { touched.insert(release) }
        }
        for release in touched.sorted() { try await haltIfFailing(release) }
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
