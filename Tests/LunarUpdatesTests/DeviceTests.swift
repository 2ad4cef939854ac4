import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LunarBundle
import LunarArchive
import LunarRuntime
import LunarTestSupport
import LunarUpdateServer
import LunarUpdates
import Testing

/// The device side against the real server: staging, applying, falling back, reporting.
@Suite struct DeviceTests {
    /// The label a launched bundle's home screen shows.
    static func label(_ launch: Updater.Launch) throws -> String {
        let text = try String(contentsOf: launch.bundle.root.appendingPathComponent("screens/home.lua"), encoding: .utf8)
        guard let start = text.range(of: "ui.Text('"), let end = text[start.upperBound...].firstIndex(of: "'") else { return "broken" }
        return String(text[start.upperBound..<end])
    }

    @Test func anUpdateIsStagedThenRunsAtTheNextLaunchAndIsReported() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start(publisherKeys: [releases.key.publicKey])
        defer { Task { await server.stop() } }
        let builtIn = try Releases.bundle("built-in")
        defer { try? FileManager.default.removeItem(at: builtIn.root) }
        let builtInBundle = try ScriptBundle(directory: builtIn.root)
        let directory = try makeTemporaryDirectory("lunar-device")
        defer { try? FileManager.default.removeItem(at: directory) }
        let release = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production", signingKey: releases.key)

        let log = LogLines()
        var configuration = Updater.Configuration.test(server: server.url, releases: releases, directory: directory, log: log)
        let seen = ProgressRecord()
        configuration.progress = { received, total in seen.add(received, total) }
        let first = try Updater(configuration)
        let launch1 = await first.prepareLaunch(builtIn: builtInBundle)
        #expect(launch1.source == .builtIn)
        await first.firstScreenShown(launch1)
        await first.finish()
        #expect(await first.status.pending?.id == release.id, "\(log.text)")
        #expect(seen.last?.received == seen.last?.total)

        let second = try Updater(configuration)
        let launch2 = await second.prepareLaunch(builtIn: builtInBundle)
        #expect(launch2.source == .release(StagedRelease(id: release.id, version: "1.0.0", sha256: release.sha256)))
        #expect(try Self.label(launch2) == "v1")
        #expect(launch2.bundle.isVerified)
        await second.firstScreenShown(launch2)
        await second.finish()
        launch2.close()
        let listed = try await server.admin.releases(channel: "production")
        #expect(listed[0].installs == 1 && listed[0].launches == 1 && listed[0].failures == 0)
        #expect(await second.status.queuedReports == 0)
    }

    @Test func anUpdateArrivingWithinTheApplyWindowRunsThisLaunch() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let builtIn = try Releases.bundle("built-in")
        defer { try? FileManager.default.removeItem(at: builtIn.root) }
        let directory = try makeTemporaryDirectory("lunar-device")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production", signingKey: releases.key)
        var configuration = Updater.Configuration.test(server: server.url, releases: releases, directory: directory, log: LogLines())
        configuration.applyWindow = 30
        let updater = try Updater(configuration)
        let launch = await updater.prepareLaunch(builtIn: try ScriptBundle(directory: builtIn.root))
        #expect(try Self.label(launch) == "v1")
        launch.close()
    }

    @Test func aReleaseWhoseProcessDiedDuringLaunchIsMarkedBadAndThePreviousGoodOneRunsOffline() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start()
        let builtIn = try Releases.bundle("built-in")
        defer { try? FileManager.default.removeItem(at: builtIn.root) }
        let builtInBundle = try ScriptBundle(directory: builtIn.root)
        let directory = try makeTemporaryDirectory("lunar-device")
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = LogLines()
        let configuration = Updater.Configuration.test(server: server.url, releases: releases, directory: directory, log: log)

        // v1 is staged and launches fine: the last good release.
        let v1 = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production", signingKey: releases.key)
        var updater = try Updater(configuration)
        _ = await updater.check()
        var launch = await updater.prepareLaunch(builtIn: builtInBundle)
        await updater.firstScreenShown(launch)
        launch.close()
        // v2 is staged; its launch never reaches the first screen (the process "dies": no call).
        let v2 = try await server.admin.publish(archive: try releases.archive("v2"), channel: "production", signingKey: releases.key)
        updater = try Updater(configuration)
        #expect(await updater.check() == .staged(StagedRelease(id: v2.id, version: "1.0.0", sha256: v2.sha256)))
        launch = await updater.prepareLaunch(builtIn: builtInBundle)
        #expect(try Self.label(launch) == "v2")
        launch.close()

        // The next start finds it; with the server gone, v1 runs.
        await server.stop()
        updater = try Updater(configuration)
        #expect(log.text.contains("release \(v2.id) (1.0.0) is marked bad: the process ended before its first screen was shown"))
        launch = await updater.prepareLaunch(builtIn: builtInBundle)
        #expect(try Self.label(launch) == "v1")
        #expect(launch.source == .release(StagedRelease(id: v1.id, version: "1.0.0", sha256: v1.sha256)))
        // v1 fails too (a render error): the built-in bundle is the last resort.
        let next = await updater.launchFailed(launch, reason: "screens/home.lua:1: boom", builtIn: builtInBundle)
        #expect(next?.source == .builtIn)
        #expect(await updater.status.bad.count == 2)
        #expect(await updater.status.queuedReports == 2)  // failures wait for the server
        await updater.finish(timeout: 5)
    }

    @Test func aRollbackTakesDevicesBackToTheEarlierReleaseWithoutDownloadingIt() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let builtIn = try Releases.bundle("built-in")
        defer { try? FileManager.default.removeItem(at: builtIn.root) }
        let builtInBundle = try ScriptBundle(directory: builtIn.root)
        let directory = try makeTemporaryDirectory("lunar-device")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = Updater.Configuration.test(server: server.url, releases: releases, directory: directory, log: LogLines())
        for label in ["v1", "v2"] {
            _ = try await server.admin.publish(archive: try releases.archive(label), channel: "production", signingKey: releases.key)
            let updater = try Updater(configuration)
            _ = await updater.check()
            let launch = await updater.prepareLaunch(builtIn: builtInBundle)
            #expect(try Self.label(launch) == label)
            await updater.firstScreenShown(launch)
            await updater.finish()
            launch.close()
        }
        _ = try await server.admin.rollback(channel: "production", signingKey: releases.key)
        let updater = try Updater(configuration)
        _ = await updater.check()
        let launch = await updater.prepareLaunch(builtIn: builtInBundle)
        #expect(try Self.label(launch) == "v1")
        launch.close()
    }
}

extension DeviceTests {
    @Test func aSmallChangeArrivesAsAPatchAgainstTheLastGoodRelease() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let builtIn = try Releases.bundle("built-in")
        defer { try? FileManager.default.removeItem(at: builtIn.root) }
        let builtInBundle = try ScriptBundle(directory: builtIn.root)
        let directory = try makeTemporaryDirectory("lunar-device")
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = LogLines()
        let configuration = Updater.Configuration.test(server: server.url, releases: releases, directory: directory, log: log)
        let v1 = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production", signingKey: releases.key)
        var updater = try Updater(configuration)
        _ = await updater.check()
        let launch = await updater.prepareLaunch(builtIn: builtInBundle)
        await updater.firstScreenShown(launch)
        await updater.finish()
        launch.close()
        #expect(!log.text.contains("patched"))

        let v2 = try await server.admin.publish(archive: try releases.archive("v2"), channel: "production", signingKey: releases.key)
        updater = try Updater(configuration)
        #expect(await updater.check() == .staged(StagedRelease(id: v2.id, version: "1.0.0", sha256: v2.sha256)))
        let line = try #require(log.all.first { $0.hasPrefix("release \(v2.id) is patched from release \(v1.id): ") }, "\(log.text)")
        let bytes = try #require(Int(line.split(separator: " ")[7]))
        #expect(bytes < v2.size && bytes < 1024, "\(line)")
        let next = await updater.prepareLaunch(builtIn: builtInBundle)
        #expect(try Self.label(next) == "v2")
        next.close()
        // Only patches between archives the server has.
        let (_, missing) = try await URLSession.shared.data(
            from: URL(string: "/patches/\(String(repeating: "a", count: 64))-\(v2.sha256).zstpatch", relativeTo: server.url)!)
        #expect((missing as? HTTPURLResponse)?.statusCode == 404)
    }

    @Test func aPatchRebuildsTheArchiveExactly() throws {
        var generator = SeededRandom(seed: 11)
        let old = Data((0..<50_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        var new = old
        new.replaceSubrange(20_000..<20_010, with: Data("one change".utf8))
        let patch = try ArchivePatch.make(from: old, to: new)
        #expect(patch.count < 200, "\(patch.count) bytes")
        #expect(try ArchivePatch.apply(patch, to: old) == new)
        #expect(throws: UpdateError.self) { try ArchivePatch.apply(Data("garbage".utf8), to: old) }
        #expect(throws: UpdateError.self) { try ArchivePatch.apply(patch, to: old, maximumSize: 100) }
    }
}

final class ProgressRecord: Sendable {
    private let values = Mutex<[(received: Int, total: Int)]>([])
    func add(_ received: Int, _ total: Int) { values.withLock { $0.append((received, total)) } }
    var last: (received: Int, total: Int)? { values.withLock { $0.last } }
}

import Synchronization
