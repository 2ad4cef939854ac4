import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LunarRuntime
import LunarTestSupport
import LunarUpdateServer
import LunarUpdates
import Testing

/// A PostgreSQL database for one test: a fresh database on the cluster Scripts/test started
/// (`LUNAR_TEST_POSTGRES_URL`), or else on a throwaway cluster of the test's own
/// (Scripts/postgres-cluster, Debian's postgresql), stopped when the test ends.
struct TestPostgres {
    let url: URL
    private let cluster: URL?

    static func make() async throws -> TestPostgres {
        var cluster: URL?
        var admin: URL
        if let given = ProcessInfo.processInfo.environment["LUNAR_TEST_POSTGRES_URL"], let url = URL(string: given) {
            admin = url
        } else {
            let directory = try makeTemporaryDirectory("lunar-postgres")
            cluster = directory
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Scripts/postgres-cluster")
            let urlFile = directory.appendingPathComponent("url")
            let status = try run(script.path, ["start", directory.appendingPathComponent("pg").path], output: urlFile)
            let out = (try? String(contentsOf: urlFile, encoding: .utf8)) ?? ""
            guard status == 0, let url = URL(string: out.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw UpdateError("no PostgreSQL: Scripts/postgres-cluster failed (\(out)); Scripts/bootstrap installs Debian's postgresql")
            }
            admin = url
        }
        let name = "lunar_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
        let database = try await PostgresUpdateDatabase.open(admin)
        _ = try await database.query("CREATE DATABASE \(name)", [])
        await database.close()
        var components = URLComponents(url: admin, resolvingAgainstBaseURL: false)!
        components.path = "/\(name)"
        return TestPostgres(url: components.url!, cluster: cluster)
    }

    func remove() {
        guard let cluster else { return }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/postgres-cluster")
        _ = try? Self.run(script.path, ["stop", cluster.appendingPathComponent("pg").path])
        try? FileManager.default.removeItem(at: cluster)
    }

    /// Runs a script to its end, its standard output into `output` (a file, not a pipe: the
    /// database server it starts lives on and must not hold a pipe of ours open).
    static func run(_ executable: String, _ arguments: [String], output: URL? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let output {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// The server on PostgreSQL: the same behaviour as on SQLite, and two server processes on one
/// database giving the same answers.
@Suite(.serialized) struct PostgresTests {
    @Test func publishCheckRolloutAndRollbackOnPostgres() async throws {
        let postgres = try await TestPostgres.make()
        defer { postgres.remove() }
        let releases = try Releases()
        defer { releases.remove() }
        let database = try await PostgresUpdateDatabase.open(postgres.url)
        let server = try await TestServer.start(publisherKeys: [releases.key.publicKey], halt: .init(failureRate: 0.2, minimumReports: 5),
                                                database: database)
        let first = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production", signingKey: releases.key)
        let second = try await server.admin.publish(archive: try releases.archive("v2"), channel: "production", rollout: 30, message: "second",
                                                    signingKey: releases.key)
        #expect(try await server.client.check(channel: "production", device: "device-0", bridgeAPI: BridgeAPI.version)?.statement != nil)
        var inside = 0
        for device in 0..<1000 {
            let offered = try await server.client.check(channel: "production", device: "device-\(device)", bridgeAPI: BridgeAPI.version)
            #expect(offered?.id == (Rollout.includes(percent: 30, device: "device-\(device)", release: second.id) ? second.id : first.id))
            if offered?.id == second.id { inside += 1 }
        }
        #expect((250...350).contains(inside), "\(inside) of 1000 inside a 30 % rollout")
        let reporters = TestServer.devicesInside(second, percent: 30, count: 6, prefix: "d")
        try await server.report([.install], about: second, device: reporters[0])
        try await server.report([.install], about: second, device: reporters[0])
        for device in reporters.dropFirst() {
            try await server.report([.failure], about: second, device: device, reason: "boom")
        }
        let listed = try await server.admin.releases(channel: "production")
        #expect(listed[0].installs == 1 && listed[0].failures == 5 && listed[0].release.state == "halted")
        _ = try await server.admin.setRollout(channel: "production", release: second.id, percent: 100)
        let answer = try await server.admin.rollback(channel: "production", signingKey: releases.key)
        #expect(answer.rolledBack.id == second.id && answer.current.id == first.id)
        // The signed rollback replaced the first release's statement with a higher sequence.
        let sequences = try await server.admin.releases(channel: "production").map { try $0.release.statement?.unverified().sequence }
        #expect(sequences.count == 2 && (sequences[1] ?? 0) > (sequences[0] ?? 0), "\(sequences)")
        await server.stop()
    }

    @Test func twoServerProcessesOnOneDatabaseGiveTheSameAnswers() async throws {
        let postgres = try await TestPostgres.make()
        defer { postgres.remove() }
        let releases = try Releases()
        defer { releases.remove() }
        let data = releases.directory.appendingPathComponent("shared-data")
        let arguments = ["--port", "0", "--data", data.path, "--admin-token", "T", "--database", postgres.url.absoluteString]
        // Started together: the tables are made once, under the advisory lock.
        async let startA = Task.detached { try CommandTests.ServeProcess(arguments) }.value
        async let startB = Task.detached { try CommandTests.ServeProcess(arguments) }.value
        let (a, b) = try await (startA, startB)
        defer { a.stop(); b.stop() }
        let adminA = UpdateAdminClient(server: a.url, token: "T"), adminB = UpdateAdminClient(server: b.url, token: "T")
        let first = try await adminA.publish(archive: try releases.archive("v1"), channel: "production")
        let second = try await adminB.publish(archive: try releases.archive("v2"), channel: "production", rollout: 40)
        #expect(Int(second.id)! > Int(first.id)!)
        for device in 0..<200 {
            let fromA = try await UpdateClient(server: a.url).check(channel: "production", device: "d\(device)", bridgeAPI: BridgeAPI.version)
            let fromB = try await UpdateClient(server: b.url).check(channel: "production", device: "d\(device)", bridgeAPI: BridgeAPI.version)
            #expect(fromA == fromB)
        }
        // A change through one is seen through the other.
        _ = try await adminB.setRollout(channel: "production", release: second.id, percent: 100)
        #expect(try await UpdateClient(server: a.url).check(channel: "production", device: "x", bridgeAPI: BridgeAPI.version)?.id == second.id)
        // The receipt one process gave is taken by the other (the secret is in the database).
        try await TestServer.report([.launch], about: second, device: "x", checkAt: b.url, reportAt: a.url)
        let listA = try await adminA.releases(channel: "production"), listB = try await adminB.releases(channel: "production")
        #expect(listA == listB)
        #expect(listA[0].launches == 1)
        _ = try await adminA.rollback(channel: "production")
        #expect(try await UpdateClient(server: b.url).check(channel: "production", device: "x", bridgeAPI: BridgeAPI.version)?.id == first.id)
        // The archive is served by either (one --data directory).
        let archive = try await URLSession.shared.data(from: URL(string: first.url, relativeTo: b.url)!).0
        #expect(SHA256.hash(data: archive).map { String(format: "%02x", $0) }.joined() == first.sha256)
    }
}
