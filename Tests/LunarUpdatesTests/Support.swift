import Foundation
import LunarArchive
import LunarRuntime
import LunarTestSupport
import LunarUpdateServer
import LunarUpdates

/// A release-making kit: keys, bundles whose home screen says which version runs, archives.
struct Releases {
    let directory: URL
    let key = BundleSigningKey()
    let otherKey = BundleSigningKey()

    init() throws {
        directory = try makeTemporaryDirectory("lunar-updates")
        _ = try key.write(to: directory.appendingPathComponent("release"))
        _ = try otherKey.write(to: directory.appendingPathComponent("other"))
    }

    var keyFile: URL { directory.appendingPathComponent("release.key") }
    var publicKeyFile: URL { directory.appendingPathComponent("release.pub") }

    /// A bundle whose home screen shows `Text "<label>"`; `broken` makes its entry screen fail to render.
    static func bundle(_ label: String, broken: Bool = false, version: String = "1.0.0") throws -> BundleDirectory {
        let render = broken ? "error('the entry screen is broken')" : "return ui.Text('\(label)')"
        return try BundleDirectory(files: [
            "manifest.json": #"{"name": "app", "version": "\#(version)", "entry": "/home", "routes": {"/home": "screens.home"}}"#,
            "screens/home.lua": "local ui = require('lunar.ui') return { title = 'Home', render = function() \(render) end }",
        ])
    }

    /// The archive of a bundle showing `label`, signed by `key` (or `signer`), for `bridgeAPI`.
    func archive(_ label: String, broken: Bool = false, signer: BundleSigningKey? = nil, bridgeAPI: String = BridgeAPI.version) throws -> Data {
        let bundle = try Self.bundle(label, broken: broken)
        defer { try? FileManager.default.removeItem(at: bundle.root) }
        let output = directory.appendingPathComponent("\(UUID().uuidString).lunar")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try BundlePacker(bridgeAPI: bridgeAPI, signingKey: signer ?? key).pack(directory: bundle.root, to: output)
        return try Data(contentsOf: output)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// An update server on loopback with SQLite in a temporary directory (or a given database).
struct TestServer {
    let running: RunningUpdateServer
    let database: any UpdateDatabase
    let data: URL
    let token = "secret-token"

    static func start(publisherKeys: [BundlePublicKey] = [], halt: ReleaseStore.HaltPolicy = .init(),
                      database: (any UpdateDatabase)? = nil, data: URL? = nil) async throws -> TestServer {
        let data = try data ?? makeTemporaryDirectory("lunar-update-server")
        var configuration = UpdateServer.Configuration(dataDirectory: data, adminToken: "secret-token")
        configuration.port = 0
        configuration.publisherKeys = publisherKeys
        configuration.halt = halt
        let store: any UpdateDatabase
        if let database { store = database } else { store = try await SQLiteUpdateDatabase.open(data.appendingPathComponent("updates.sqlite")) }
        let server = try await UpdateServer(configuration: configuration, database: store)
        return TestServer(running: try await server.start(), database: store, data: data)
    }

    var url: URL { running.url }
    var admin: UpdateAdminClient { UpdateAdminClient(server: url, token: token) }
    var client: UpdateClient { UpdateClient(server: url) }

    /// Stops the server and closes its database.
    func stop() async {
        await running.stop()
        await database.close()
        try? FileManager.default.removeItem(at: data)
    }
}

/// Log lines an updater wrote.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var text: String { all.joined(separator: "\n") }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}

import Synchronization

extension Updater.Configuration {
    /// A configuration for tests: the releases' key, this runtime's bridge API, a fresh directory.
    static func test(server: URL, releases: Releases, device: String = "device-1", directory: URL, log: LogLines) -> Updater.Configuration {
        Updater.Configuration(
            server: server, channel: "production", trustedKey: releases.key.publicKey, bridgeAPI: BridgeAPI.version,
            deviceID: device, directory: directory, log: log.sink)
    }
}

extension TestServer {
    /// Reports `kinds` about `release` as `device` would: it checks first, and sends the
    /// receipt of the check answer (which must offer `release`) with its events.
    func report(_ kinds: [ReportEvent.Kind], about release: ReleaseInfo, device: String, reason: String? = nil) async throws {
        try await Self.report(kinds, about: release, device: device, reason: reason, checkAt: url, reportAt: url)
    }

    /// Checks at one server and reports at another (two processes sharing one database).
    static func report(_ kinds: [ReportEvent.Kind], about release: ReleaseInfo, device: String, reason: String? = nil,
                       checkAt: URL, reportAt: URL) async throws {
        let answer = try await UpdateClient(server: checkAt).checkAnswer(channel: release.channel, device: device, bridgeAPI: release.bridgeAPI)
        guard answer.release?.id == release.id, let receipt = answer.receipt else {
            throw UpdateError("device \(device) is not offered release \(release.id) (offered \(answer.release?.id ?? "none"))")
        }
        try await UpdateClient(server: reportAt).report(ReportBatch(
            device: device, events: kinds.map { ReportEvent(release: release.id, kind: $0, reason: reason, receipt: receipt) }))
    }

    /// `count` device ids (`PREFIX-N`) inside `release`'s rollout of `percent`.
    static func devicesInside(_ release: ReleaseInfo, percent: Int, count: Int, prefix: String) -> [String] {
        Array((0..<100_000).lazy.map { "\(prefix)-\($0)" }.filter { Rollout.includes(percent: percent, device: $0, release: release.id) }.prefix(count))
    }
}
