import Crypto
import Foundation
import LunarBundle
import LunarArchive
import LunarRuntime
import LunarTestSupport
import LunarUpdates
import Synchronization
import Testing

/// Every fault of the device side: the app keeps running its last good bundle, the log says
/// why, and nothing staged or good is lost. A loopback server plays the update server and
/// misbehaves on purpose.
@Suite struct FaultTests {
    /// What the fake server answers: a check offering `release` whose archive is `archive`, or a fault.
    final class Script: Sendable {
        struct State {
            var release: ReleaseInfo?
            var archive = Data()
            var check: LoopbackServer.Reply?
            /// Replies for archive requests, used in turn before serving ranges properly.
            var archiveFaults: [LoopbackServer.Reply] = []
        }
        let state = Mutex(State())
        /// Signs each offer's release statement (as `lunar publish` does).
        let key: BundleSigningKey

        init(key: BundleSigningKey) { self.key = key }

        /// Offers `archive` as release `id`, its statement for `channel` with `sequence` (the id's number by default).
        func offer(_ archive: Data, id: String, bridgeAPI: String = BridgeAPI.version, channel: String = "production",
                   sequence: Int? = nil, rollback: Bool = false) {
            let sha = SHA256.hash(data: archive).map { String(format: "%02x", $0) }.joined()
            let statement = try! ReleaseStatement(channel: channel, sha256: sha, sequence: sequence ?? Int(id) ?? 1, rollback: rollback).signed(with: key)
            state.withLock {
                $0.archive = archive
                $0.check = nil
                $0.release = ReleaseInfo(id: id, channel: "production", version: "1.0.\(id)", bridgeAPI: bridgeAPI, sha256: sha,
                                         size: archive.count, url: "/archives/\(sha).lunar", rollout: 100, state: "active",
                                         message: "", publishedAt: 0, signedBy: "", statement: statement)
            }
        }

        func reply(_ request: LoopbackServer.Received) -> LoopbackServer.Reply {
            state.withLock { state in
                if request.path.hasSuffix("/check") {
                    if let check = state.check { return check }
                    let body = try! JSONEncoder().encode(CheckAnswer(release: state.release))
                    return .json(String(decoding: body, as: UTF8.self))
                }
                if request.path == "/v1/reports" { return .respond(status: 204, headers: [:], body: []) }
                if request.path.hasPrefix("/archives/") {
                    if !state.archiveFaults.isEmpty { return state.archiveFaults.removeFirst() }
                    let data = state.archive
                    guard let range = request.headers["range"], range.hasPrefix("bytes=") else {
                        return .respond(status: 200, headers: [:], body: Array(data))
                    }
                    let parts = range.dropFirst(6).split(separator: "-").compactMap { Int($0) }
                    let end = min(parts[1], data.count - 1)
                    return .respond(status: 206, headers: ["Content-Range": "bytes \(parts[0])-\(end)/\(data.count)"],
                                    body: Array(data[parts[0]...end]))
                }
                return .text("not found", status: 404)
            }
        }
    }

    /// A device with v1 staged and launched (its last good release) against the fake server.
    struct Device {
        let releases: Releases
        let server: LoopbackServer
        let script: Script
        let directory: URL
        let builtIn: BundleDirectory
        let log = LogLines()

        init(directory: URL? = nil) async throws {
            releases = try Releases()
            script = Script(key: releases.key)
            let script = self.script
            server = try LoopbackServer { script.reply($0) }
            self.directory = try directory ?? makeTemporaryDirectory("lunar-device")
            builtIn = try Releases.bundle("built-in")
            script.offer(try releases.archive("v1"), id: "1")
            let updater = try Updater(configuration)
            #expect(await updater.check() == .staged(StagedRelease(id: "1", version: "1.0.1", sha256: script.state.withLock { $0.release!.sha256 })))
            let launch = await updater.prepareLaunch(builtIn: try ScriptBundle(directory: builtIn.root))
            await updater.firstScreenShown(launch)
            await updater.finish()
            launch.close()
        }

        var configuration: Updater.Configuration {
            var configuration = Updater.Configuration.test(server: server.baseURL, releases: releases, directory: directory, log: log)
            configuration.chunkSize = 1024
            configuration.timeout = 5
            return configuration
        }

        /// Checks once (expecting a failure) and launches: v1 must run, whatever happened.
        func checkFailsAndV1Runs(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let updater = try Updater(configuration)
            let outcome = await updater.check()
            guard case .failed(let reason) = outcome else {
                Issue.record("the check did not fail: \(outcome)", sourceLocation: sourceLocation)
                return
            }
            #expect(reason.contains(expected), "\(reason)", sourceLocation: sourceLocation)
            #expect(log.text.contains("update check failed: "), sourceLocation: sourceLocation)
            #expect(await updater.status.pending == nil, sourceLocation: sourceLocation)
            #expect(await updater.status.good.map(\.id) == ["1"], sourceLocation: sourceLocation)
            let launch = await updater.prepareLaunch(builtIn: try ScriptBundle(directory: builtIn.root))
            #expect(try DeviceTests.label(launch) == "v1", "\(launch.source): \(log.text)", sourceLocation: sourceLocation)
            await updater.firstScreenShown(launch)
            await updater.finish()
            launch.close()
        }

        func remove() {
            server.stop()
            releases.remove()
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: builtIn.root)
        }
    }

    /// A release big enough for several 1 KiB ranges (incompressible padding in an extra file).
    static func bigArchive(_ releases: Releases, label: String) throws -> Data {
        let bundle = try Releases.bundle(label)
        defer { try? FileManager.default.removeItem(at: bundle.root) }
        var generator = SeededRandom(seed: 7)
        let padding = (0..<3000).map { _ in String(UInt8.random(in: 0...255, using: &generator), radix: 16) }.joined()
        try bundle.write("padding.txt", padding)
        let output = releases.directory.appendingPathComponent("big.lunar")
        _ = try BundlePacker(bridgeAPI: BridgeAPI.version, signingKey: releases.key).pack(directory: bundle.root, to: output)
        return try Data(contentsOf: output)
    }

    @Test func aTruncatedDownloadIsResumedWhereItBroke() async throws {
        let device = try await Device()
        defer { device.remove() }
        let archive = try Self.bigArchive(device.releases, label: "v2")
        #expect(archive.count > 3 * 1024)
        device.script.offer(archive, id: "2")
        // The first range arrives whole; the second breaks off half-way.
        device.script.state.withLock {
            $0.archiveFaults = [
                .respond(status: 206, headers: [:], body: Array(archive[0..<1024])),
                .truncated(declared: 1024, body: Array(archive[1024..<1500])),
            ]
        }
        try await device.checkFailsAndV1Runs("transfer closed")
        let updater = try Updater(device.configuration)
        #expect(await updater.check() == .staged(StagedRelease(id: "2", version: "1.0.2", sha256: device.script.state.withLock { $0.release!.sha256 })))
        #expect(device.log.text.contains("resuming the download of release 2 at byte 1024 of \(archive.count)"))
        let launch = await updater.prepareLaunch(builtIn: try ScriptBundle(directory: device.builtIn.root))
        #expect(try DeviceTests.label(launch) == "v2")
        launch.close()
    }

    @Test func garbageAndServerErrorsChangeNothing() async throws {
        let device = try await Device()
        defer { device.remove() }
        device.script.state.withLock { $0.check = .garbage(Array("SSH-2.0-nope\r\n".utf8)) }
        try await device.checkFailsAndV1Runs("GET ")
        device.script.state.withLock { $0.check = .json("{\"release\": 42}") }
        try await device.checkFailsAndV1Runs("the update server's answer is not the expected JSON")
        device.script.state.withLock { $0.check = .text("database down", status: 500) }
        try await device.checkFailsAndV1Runs("the update server answered 500: database down")
        // An archive that is not the one announced (its hash differs) is discarded.
        device.script.offer(try device.releases.archive("v2"), id: "2")
        device.script.state.withLock { state in state.archive = Data(repeating: 0x41, count: state.archive.count) }
        try await device.checkFailsAndV1Runs("does not match its SHA-256: discarded")
    }

    @Test func aBadSignatureOrAWrongBridgeAPIIsRefused() async throws {
        let device = try await Device()
        defer { device.remove() }
        device.script.offer(try device.releases.archive("v2", signer: device.releases.otherKey), id: "2")
        try await device.checkFailsAndV1Runs(
            "release 2 is signed by key \(device.releases.otherKey.publicKey.fingerprint), not by the trusted key \(device.releases.key.publicKey.fingerprint)")
        // The server says the release is for this bridge API, but the signed file list says otherwise.
        device.script.offer(try device.releases.archive("v3", bridgeAPI: "0123456789abcdef"), id: "3")
        try await device.checkFailsAndV1Runs("release 3 was built for bridge API 0123456789abcdef")
        // The server offers a release for another bridge API: not even downloaded.
        device.script.offer(try device.releases.archive("v4"), id: "4", bridgeAPI: "fedcba9876543210")
        try await device.checkFailsAndV1Runs("release 4 was built for bridge API fedcba9876543210")
        #expect(device.server.received.filter { $0.path.hasSuffix("/\(device.script.state.withLock { $0.release!.sha256 }).lunar") }.isEmpty)
    }

    @Test func aFullDiskLosesNothing() async throws {
        // A small file system of its own (tmpfs; the tests run as root, as CI does).
        let mountPoint = try makeTemporaryDirectory("lunar-full-disk")
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        let mount = try Self.shell("mount -t tmpfs -o size=256k tmpfs '\(mountPoint.path)'")
        try #require(mount == 0, "mounting a tmpfs needs root (CI runs as root)")
        defer { _ = try? Self.shell("umount '\(mountPoint.path)'") }
        let device = try await Device(directory: mountPoint.appendingPathComponent("updates"))
        defer { device.remove() }
        let archive = try Self.bigArchive(device.releases, label: "v2")
        device.script.offer(archive, id: "2")
        // Fill the disk but for a little less than the archive.
        var info = statvfs()
        statvfs(mountPoint.path, &info)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        try Data(count: max(0, free - archive.count / 2)).write(to: mountPoint.appendingPathComponent("filler"))
        try await device.checkFailsAndV1Runs("No space left on device")
        // Space again: the update goes through.
        try FileManager.default.removeItem(at: mountPoint.appendingPathComponent("filler"))
        let updater = try Updater(device.configuration)
        guard case .staged = await updater.check() else { Issue.record("not staged: \(device.log.text)"); return }
    }

    static func shell(_ command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
