import Crypto
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

/// Issue 28's update cases: forged reports, patches on demand, forged log lines, numbers a
/// database row supplies, archives gone from disk, and peers that never finish a request.
@Suite struct HardeningTests {
    static func status(_ body: () async throws -> Void) async -> (status: Int?, message: String) {
        do { try await body(); return (nil, "") } catch {
            let failure = error as? UpdateError ?? UpdateError("\(error)")
            return (failure.status, failure.message)
        }
    }

    @Test func reportsAreTakenOnlyWithTheReceiptOfACheck() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start(halt: .init(failureRate: 0.2, minimumReports: 10))
        defer { Task { await server.stop() } }
        let good = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production")
        let newest = try await server.admin.publish(archive: try releases.archive("v2"), channel: "production")

        // Ten failures from ten made-up devices that never checked: refused, and the rollout goes on.
        for device in 0..<10 {
            let refused = await Self.status {
                try await server.client.report(ReportBatch(device: "forged-\(device)", events: [ReportEvent(release: newest.id, kind: .failure, reason: "x")]))
            }
            #expect(refused.status == 403, "\(refused)")
            #expect(refused.message.contains("carries no receipt"), "\(refused.message)")
        }
        var listed = try await server.admin.releases(channel: "production")
        #expect(listed[0].release.state == "active" && listed[0].failures == 0)
        #expect(try await server.client.check(channel: "production", device: "anyone", bridgeAPI: BridgeAPI.version)?.id == newest.id)

        // A receipt is the device's own, for that release only.
        let answer = try await server.client.checkAnswer(channel: "production", device: "d1", bridgeAPI: BridgeAPI.version)
        let receipt = try #require(answer.receipt)
        let otherDevice = await Self.status {
            try await server.client.report(ReportBatch(device: "d2", events: [ReportEvent(release: newest.id, kind: .failure, receipt: receipt)]))
        }
        #expect(otherDevice.status == 403 && otherDevice.message.contains("did not issue to device 'd2'"), "\(otherDevice)")
        let otherRelease = await Self.status {
            try await server.client.report(ReportBatch(device: "d1", events: [ReportEvent(release: good.id, kind: .failure, receipt: receipt)]))
        }
        #expect(otherRelease.status == 403, "\(otherRelease)")

        // Reports about releases that do not exist are refused, not stored.
        let unknown = await Self.status {
            try await server.client.report(ReportBatch(device: "d1", events: [ReportEvent(release: "987654", kind: .failure, receipt: receipt)]))
        }
        #expect(unknown.status == 404 && unknown.message.contains("release '987654' does not exist on this server"), "\(unknown)")
        let stored = try await server.database.query("SELECT COUNT(*) AS n FROM reports", [])
        #expect(stored.first?["n"] == .integer(0))

        // With receipts: counted once per device, and a halt comes from devices that were offered the release.
        try await server.report([.failure, .failure], about: newest, device: "d1", reason: "boom")
        listed = try await server.admin.releases(channel: "production")
        #expect(listed[0].failures == 1)
        for device in 0..<9 { try await server.report([.failure], about: newest, device: "real-\(device)", reason: "boom") }
        listed = try await server.admin.releases(channel: "production")
        #expect(listed[0].release.state == "halted" && listed[0].failures == 10)
    }

    @Test func reportsPerReleaseAreCapped() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let data = try makeTemporaryDirectory("lunar-update-server")
        var configuration = UpdateServer.Configuration(dataDirectory: data, adminToken: "secret-token")
        configuration.port = 0
        configuration.reportsPerRelease = 4
        let database = try await SQLiteUpdateDatabase.open(data.appendingPathComponent("updates.sqlite"))
        let running = try await UpdateServer(configuration: configuration, database: database).start()
        let server = TestServer(running: running, database: database, data: data)
        defer { Task { await server.stop() } }
        let release = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production")
        for device in 0..<6 { try await server.report([.install, .launch], about: release, device: "d\(device)") }
        let listed = try await server.admin.releases(channel: "production")
        #expect(listed[0].installs + listed[0].launches == 4, "\(listed[0])")
    }

    @Test func patchesAreMadeAtPublishingForOnePairAndNeverOnRequest() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let v1 = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production")
        let v2 = try await server.admin.publish(archive: try releases.archive("v2"), channel: "production")
        let v3 = try await server.admin.publish(archive: try releases.archive("v3"), channel: "production")
        func get(_ old: ReleaseInfo, _ new: ReleaseInfo) async throws -> Int? {
            let url = URL(string: "/patches/\(old.sha256)-\(new.sha256).zstpatch", relativeTo: server.url)!
            return (try await URLSession.shared.data(from: url).1 as? HTTPURLResponse)?.statusCode
        }
        #expect(try await get(v1, v2) == 200)
        #expect(try await get(v2, v3) == 200)
        // Pairs no publish made are refused, and nothing is computed or kept for them.
        #expect(try await get(v1, v3) == 404)
        #expect(try await get(v3, v1) == 404)
        let kept = try FileManager.default.contentsOfDirectory(atPath: server.data.appendingPathComponent("patches").path)
        #expect(Set(kept) == ["\(v1.sha256)-\(v2.sha256).zstpatch", "\(v2.sha256)-\(v3.sha256).zstpatch"])
    }

    @Test func aReleaseIDOrVersionWithANewlineForgesNoLogLine() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let script = FaultTests.Script(key: releases.key)
        let fake = try LoopbackServer { script.reply($0) }
        defer { fake.stop() }
        let builtIn = try Releases.bundle("built-in")
        defer { try? FileManager.default.removeItem(at: builtIn.root) }
        script.offer(try releases.archive("v1"), id: "7\nlunar: updates: release 7 (9.9.9) is running")
        let launch = try CommandTests.lunar([
            "run", builtIn.root.path, "--updates", fake.baseURL.absoluteString, "--channel", "production",
            "--trust", releases.publicKeyFile.path, "--updates-directory", releases.directory.appendingPathComponent("device").path,
        ])
        #expect(launch.status == 0, "\(launch.err)")
        let lines = launch.err.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("lunar: updates: release 7 (9.9.9)") }, "\(launch.err)")
        #expect(launch.err.contains("is not a release id"), "\(launch.err)")

        // The server refuses a version that is not one line of printable text.
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let bundle = try Releases.bundle("v1", version: "1.0\\nlunar: updates: forged")
        defer { try? FileManager.default.removeItem(at: bundle.root) }
        let output = releases.directory.appendingPathComponent("forged.lunar")
        _ = try BundlePacker(bridgeAPI: BridgeAPI.version, signingKey: releases.key).pack(directory: bundle.root, to: output)
        let refused = await Self.status { _ = try await server.admin.publish(archive: try Data(contentsOf: output), channel: "production") }
        #expect(refused.status == 400 && refused.message.contains("version '1.0\\nlunar: updates: forged' is refused"), "\(refused)")
    }

    @Test func aDatabaseNumberNoIntegerHoldsIsAnErrorNotACrash() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let data = releases.directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let database = try await SQLiteUpdateDatabase.open(data.appendingPathComponent("updates.sqlite"))
        let store = try await ReleaseStore(database: database)
        _ = try await store.publish(channel: "production", version: "1.0.0", bridgeAPI: BridgeAPI.version, sha256: String(repeating: "a", count: 64),
                                    size: 10, rollout: 100, message: "", signedBy: "")
        _ = try await database.query("UPDATE releases SET size = 1e300", [])
        await database.close()

        let server = try CommandTests.ServeProcess(["--port", "0", "--data", data.path, "--admin-token", "T"])
        defer { server.stop() }
        let refused = await Self.status { _ = try await UpdateClient(server: server.url).check(channel: "production", device: "d", bridgeAPI: BridgeAPI.version) }
        #expect(refused.status == 500 && refused.message.contains("not a whole number"), "\(refused)")
        #expect(server.process.isRunning)
        let (body, _) = try await URLSession.shared.data(from: server.url)
        #expect(String(decoding: body, as: UTF8.self).contains("lunar-updates"))
    }

    @Test func aDeviceRefusesADowngradeOrAnotherChannelsReleaseUnlessTheRollbackIsSigned() async throws {
        let device = try await FaultTests.Device()
        defer { device.remove() }
        let v1 = device.script.state.withLock { $0.release! }
        let v1Archive = device.script.state.withLock { $0.archive }
        device.script.offer(try device.releases.archive("v2"), id: "2")
        var updater = try Updater(device.configuration)
        guard case .staged = await updater.check() else { Issue.record("v2 not staged: \(device.log.text)"); return }
        var launch = await updater.prepareLaunch(builtIn: try ScriptBundle(directory: device.builtIn.root))
        #expect(try DeviceTests.label(launch) == "v2")
        await updater.firstScreenShown(launch)
        await updater.finish()
        launch.close()

        func refused(_ expected: String) async throws {
            let updater = try Updater(device.configuration)
            let outcome = await updater.check()
            guard case .failed(let reason) = outcome else { Issue.record("taken: \(outcome) (\(expected))"); return }
            #expect(reason.contains(expected), "\(reason)")
            #expect(await updater.status.pending == nil)
        }
        // An older validly signed release (1.0.2 -> 1.0.1): refused, whether kept or downloaded.
        device.script.offer(v1Archive, id: "1", sequence: 1)
        try await refused("is older than what this device took (sequence 1 < 2) and no signed rollback says to go back")
        device.script.offer(try device.releases.archive("v0"), id: "5", sequence: 1)
        try await refused("is older than what this device took")
        // A release published for another channel.
        device.script.offer(try device.releases.archive("beta"), id: "6", channel: "beta", sequence: 6)
        try await refused("was published for channel 'beta', not production")
        // No statement, or one the trusted key did not sign.
        device.script.offer(try device.releases.archive("v7"), id: "7")
        device.script.state.withLock { $0.release?.statement = nil }
        try await refused("carries no signed release statement")
        device.script.offer(try device.releases.archive("v8"), id: "8")
        let forged = try ReleaseStatement(channel: "production", sha256: device.script.state.withLock { $0.release!.sha256 }, sequence: 8)
            .signed(with: device.releases.otherKey)
        device.script.state.withLock { $0.release?.statement = forged }
        try await refused("is not signed by the trusted key")

        // The publisher's signed rollback (a higher sequence) takes the device back to v1.
        device.script.offer(v1Archive, id: v1.id, sequence: 10, rollback: true)
        updater = try Updater(device.configuration)
        #expect(await updater.check() == .staged(StagedRelease(id: v1.id, version: v1.version, sha256: v1.sha256)))
        #expect(device.log.text.contains("is a rollback the publisher signed"))
        launch = await updater.prepareLaunch(builtIn: try ScriptBundle(directory: device.builtIn.root))
        #expect(try DeviceTests.label(launch) == "v1")
        launch.close()
    }

    @Test func anUnsignedServerRollbackKeepsDevicesOnTheNewestAndASignedOneTakesThemBack() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start(publisherKeys: [releases.key.publicKey])
        defer { Task { await server.stop() } }
        let builtIn = try Releases.bundle("built-in")
        defer { try? FileManager.default.removeItem(at: builtIn.root) }
        let directory = try makeTemporaryDirectory("lunar-device")
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = LogLines()
        let configuration = Updater.Configuration.test(server: server.url, releases: releases, directory: directory, log: log)
        func launch() async throws -> String {
            let updater = try Updater(configuration)
            _ = await updater.check()
            let launch = await updater.prepareLaunch(builtIn: try ScriptBundle(directory: builtIn.root))
            defer { launch.close() }
            await updater.firstScreenShown(launch)
            await updater.finish()
            return try DeviceTests.label(launch)
        }
        for label in ["v1", "v2", "v3"] {
            _ = try await server.admin.publish(archive: try releases.archive(label), channel: "production", signingKey: releases.key)
            _ = try await launch()
            #expect(try await launch() == label)
        }
        // A statement with a sequence that does not increase is refused at publishing.
        let archive = try releases.archive("v4")
        let sha = SHA256.hash(data: archive).map { String(format: "%02x", $0) }.joined()
        let stale = try ReleaseStatement(channel: "production", sha256: sha, sequence: 1).signed(with: releases.key)
        var upload = URLRequest(url: URL(string: "v1/channels/production/releases", relativeTo: server.url)!)
        upload.httpMethod = "POST"
        upload.setValue("Bearer \(server.token)", forHTTPHeaderField: "Authorization")
        upload.setValue(try JSONEncoder().encode(stale).base64EncodedString(), forHTTPHeaderField: "Lunar-Release-Statement")
        let (body, response) = try await URLSession.shared.upload(for: upload, from: archive)
        #expect((response as? HTTPURLResponse)?.statusCode == 409, "\(String(decoding: body, as: UTF8.self))")

        // Unsigned: the device keeps v3 (an unsigned downgrade is refused) and says why.
        _ = try await server.admin.rollback(channel: "production")
        #expect(try await launch() == "v3")
        #expect(log.text.contains("no signed rollback says to go back"), "\(log.text)")
        // Signed: back to v1, from its kept archive.
        let answer = try await server.admin.rollback(channel: "production", signingKey: releases.key)
        #expect(answer.current.statement != nil)
        _ = try await launch()
        #expect(try await launch() == "v1", "\(log.text)")
    }

    @Test func serveRefusesAPortOrAHaltThresholdOutsideItsRange() async throws {
        let data = try makeTemporaryDirectory("lunar-update-server")
        defer { try? FileManager.default.removeItem(at: data) }
        // Bounded: a server that took the port (modulo 2^16) would serve on instead of exiting.
        for (arguments, refusal) in [(["--port", "99999"], "--port takes 0 to 65535"),
                                     (["--port", "0", "--halt-minimum-reports=-5"], "--halt-minimum-reports takes a whole number of at least 1")] {
            let serve = try LiveProcess(["updates", "serve", "--data", data.path, "--admin-token", "T"] + arguments)
            defer { serve.terminate() }
            try await serve.waitForError(refusal, within: 20)
            #expect(try await serve.finish() == 1)
        }
    }

    @Test func aSignedRollbackFromTheCommandLineTakesRunningDevicesBack() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try CommandTests.ServeProcess(["--port", "0", "--data", releases.directory.appendingPathComponent("data").path,
                                                    "--admin-token", "T", "--publisher-key", releases.publicKeyFile.path])
        defer { server.stop() }
        let common = ["--server", server.url.absoluteString, "--channel", "production", "--token", "T"]
        let builtIn = try Releases.bundle("built-in")
        defer { try? FileManager.default.removeItem(at: builtIn.root) }
        let run = ["run", builtIn.root.path, "--updates", server.url.absoluteString, "--channel", "production",
                   "--trust", releases.publicKeyFile.path, "--updates-directory", releases.directory.appendingPathComponent("device").path]
        var ids: [String] = []
        for label in ["v1", "v2"] {
            let bundle = try Releases.bundle(label)
            defer { try? FileManager.default.removeItem(at: bundle.root) }
            let published = try CommandTests.lunar(["publish", bundle.root.path, "--sign", releases.keyFile.path] + common)
            #expect(published.status == 0, "\(published.err)")
            ids.append(published.out.split(separator: "\n").last.map(String.init) ?? "")
            _ = try CommandTests.lunar(run)
            let launch = try CommandTests.lunar(run)
            #expect(launch.out.contains("Text \"\(label)\""), "\(launch.out)\n\(launch.err)")
        }
        let rolledBack = try CommandTests.lunar(["updates", "rollback", "--sign", releases.keyFile.path] + common)
        #expect(rolledBack.status == 0, "\(rolledBack.err)")
        #expect(rolledBack.out.contains("devices now get release \(ids[0]) (1.0.0), signed: devices running \(ids[1]) go back too"), "\(rolledBack.out)")
        let staged = try CommandTests.lunar(run)
        #expect(staged.err.contains("release \(ids[0]) (1.0.0) is a rollback the publisher signed"), "\(staged.err)")
        let launch = try CommandTests.lunar(run)
        #expect(launch.out.contains("Text \"v1\""), "\(launch.out)\n\(launch.err)")
    }

    @Test func longReasonsAreSentInBatchesTheServerTakes() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let script = FaultTests.Script(key: releases.key)
        let server = try LoopbackServer { request in
            if request.path == "/v1/reports" { return .respond(status: request.body.count > 64 << 10 ? 413 : 204, headers: [:], body: []) }
            return script.reply(request)
        }
        defer { server.stop() }
        let directory = try makeTemporaryDirectory("lunar-device")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 100 queued failures, each with 500 three-byte characters: 150 KB in one batch.
        let reason = String(repeating: "€", count: 500)
        let queued = (0..<100).map { ReportEvent(release: "1", kind: .failure, reason: reason + "\($0)", receipt: String(repeating: "0", count: 64)) }
        let state = ["reports": queued]
        try JSONEncoder().encode(state).write(to: directory.appendingPathComponent("state.json"))
        let log = LogLines()
        let updater = try Updater(Updater.Configuration.test(server: server.baseURL, releases: releases, directory: directory, log: log))
        _ = await updater.check()
        #expect(await updater.status.queuedReports == 0, "\(log.text)")
        let sizes = server.received.filter { $0.path == "/v1/reports" }.map(\.body.count)
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0 <= 60 << 10 }, "\(sizes)")
    }

    @Test func aGoodReleaseWhoseArchiveIsGoneIsDroppedAndSaidOnce() async throws {
        let device = try await FaultTests.Device()
        defer { device.remove() }
        let sha = device.script.state.withLock { $0.release!.sha256 }
        try FileManager.default.removeItem(at: device.directory.appendingPathComponent("archives/\(sha).lunar"))
        device.server.stop()
        for _ in 0..<2 {
            let updater = try Updater(device.configuration)
            let launch = await updater.prepareLaunch(builtIn: try ScriptBundle(directory: device.builtIn.root))
            #expect(launch.source == .builtIn)
            #expect(await updater.status.good.isEmpty)
            launch.close()
        }
        let said = device.log.all.filter { $0.contains("release 1 (1.0.1) is dropped: its archive") && $0.contains("is missing") }
        #expect(said.count == 1, "\(device.log.text)")
    }
}

/// `lunar updates serve` under a lowered descriptor limit, held by peers that never finish a request.
@Suite struct SlowlorisTests {
    /// A loopback TCP connection that sent `bytes` and is left open.
    static func connect(port: Int, sending bytes: String) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); return nil }
        _ = bytes.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return fd
    }

    @Test func neverFinishedRequestsUnderALowDescriptorLimitNeitherCrashNorLockOut() async throws {
        let data = try makeTemporaryDirectory("lunar-slowloris")
        defer { try? FileManager.default.removeItem(at: data) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 256; exec '\(CommandTests.binary.path)' updates serve --port 0 --data '\(data.path)' --admin-token T"]
        var environment = ProcessInfo.processInfo.environment
        environment["LUNAR_HEADER_TIMEOUT"] = "2"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        var line = Data()
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let url = try #require(URL(string: String(decoding: line, as: UTF8.self)), "no address: \(line)")
        let port = try #require(url.port)

        // 400 connections that never finish their request head: more than the 256 descriptors.
        var held: [Int32] = []
        defer { held.forEach { close($0) } }
        for _ in 0..<400 {
            if let fd = Self.connect(port: port, sending: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ") { held.append(fd) }
        }
        #expect(held.count > 256)
        // The server lives and answers a real request once the header timeout frees the slots.
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.setValue("close", forHTTPHeaderField: "Connection")
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("lunar-updates"))
        #expect(process.isRunning)
        // And it keeps answering after the held connections are closed by the client too.
        held.forEach { close($0) }
        held = []
        let again = try await URLSession.shared.data(for: request)
        #expect((again.1 as? HTTPURLResponse)?.statusCode == 200)
        #expect(process.isRunning)
    }
}
