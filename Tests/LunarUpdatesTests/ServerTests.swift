import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LunarArchive
import LunarRuntime
import LunarTestSupport
import LunarUpdateServer
import LunarUpdates
import Testing

/// The update server on loopback with SQLite: publishing, checking, rollouts, rollback,
/// halting, archives, and refused uploads.
@Suite struct ServerTests {
    @Test func publishCheckListAndRollback() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start(publisherKeys: [releases.key.publicKey])
        defer { Task { await server.stop() } }

        let first = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production", message: "first")
        let second = try await server.admin.publish(archive: try releases.archive("v2"), channel: "production", rollout: 100, message: "second")
        #expect(first.id != second.id)
        #expect(second.url == "/archives/\(second.sha256).lunar")
        #expect(second.signedBy == releases.key.publicKey.fingerprint)

        let offered = try await server.client.check(channel: "production", device: "d1", bridgeAPI: BridgeAPI.version)
        #expect(offered?.id == second.id)
        // Another bridge API: nothing for it; another channel: nothing.
        #expect(try await server.client.check(channel: "production", device: "d1", bridgeAPI: "0123456789abcdef") == nil)
        #expect(try await server.client.check(channel: "beta", device: "d1", bridgeAPI: BridgeAPI.version) == nil)

        try await server.report([.install, .launch], about: second, device: "d1")
        // A retried batch counts once.
        try await server.report([.install], about: second, device: "d1")
        let listed = try await server.admin.releases(channel: "production")
        #expect(listed.map(\.release.id) == [second.id, first.id])
        #expect(listed[0].installs == 1 && listed[0].launches == 1 && listed[0].failures == 0)

        let rolledBack = try await server.admin.rollback(channel: "production")
        #expect(rolledBack.rolledBack.id == second.id && rolledBack.current.id == first.id)
        #expect(try await server.client.check(channel: "production", device: "d1", bridgeAPI: BridgeAPI.version)?.id == first.id)
        do {
            _ = try await server.admin.rollback(channel: "production")
            Issue.record("a rollback past the first release was taken")
        } catch {
            #expect(error.status == 409)
            #expect(error.message.contains("has no release before \(first.id) to go back to"))
        }
    }

    @Test func aRolloutTakesItsShareOfAThousandDevicesAndAlwaysTheSameOnes() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let base = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production")
        let release = try await server.admin.publish(archive: try releases.archive("v2"), channel: "production", rollout: 25)
        let devices = (0..<1000).map { "device-\($0)" }
        var inside: Set<String> = []
        for device in devices {
            let offered = try await server.client.check(channel: "production", device: device, bridgeAPI: BridgeAPI.version)
            // Outside the rollout, a device gets the release before.
            #expect(offered?.id == release.id || offered?.id == base.id)
            if offered?.id == release.id { inside.insert(device) }
        }
        #expect((200...300).contains(inside.count), "\(inside.count) of 1000 inside a 25 % rollout")
        #expect(inside == Set(devices.filter { Rollout.includes(percent: 25, device: $0, release: release.id) }))

        // Raising the rollout keeps every device that was inside.
        _ = try await server.admin.setRollout(channel: "production", release: release.id, percent: 60)
        var widened: Set<String> = []
        for device in devices where try await server.client.check(channel: "production", device: device, bridgeAPI: BridgeAPI.version)?.id == release.id {
            widened.insert(device)
        }
        #expect(inside.isSubset(of: widened))
        #expect((540...660).contains(widened.count), "\(widened.count) of 1000 inside a 60 % rollout")
    }

    @Test func aReleaseHaltsByItselfPastTheFailureRate() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start(halt: .init(failureRate: 0.2, minimumReports: 5))
        defer { Task { await server.stop() } }
        let good = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production")
        let bad = try await server.admin.publish(archive: try releases.archive("v2", broken: true), channel: "production")
        for device in 0..<3 {
            try await server.report([.launch], about: bad, device: "ok-\(device)")
        }
        #expect(try await server.admin.releases(channel: "production")[0].release.state == "active")
        for device in 0..<2 {
            try await server.report([.failure], about: bad, device: "crash-\(device)", reason: "boom")
        }
        let listed = try await server.admin.releases(channel: "production")
        #expect(listed[0].release.state == "halted")
        #expect(listed[0].failures == 2 && listed[0].launches == 3)
        #expect(try await server.client.check(channel: "production", device: "new", bridgeAPI: BridgeAPI.version)?.id == good.id)
        // The publisher resumes it by setting its rollout.
        #expect(try await server.admin.setRollout(channel: "production", release: bad.id, percent: 100).state == "active")
    }

    @Test func archivesAreServedByHashWithRanges() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let data = try releases.archive("v1")
        let release = try await server.admin.publish(archive: data, channel: "production")
        let url = URL(string: release.url, relativeTo: server.url)!
        let (whole, response) = try await URLSession.shared.data(from: url)
        #expect(whole == data)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.value(forHTTPHeaderField: "Cache-Control") == "public, max-age=31536000, immutable")
        var ranged = URLRequest(url: url)
        ranged.setValue("bytes=10-19", forHTTPHeaderField: "Range")
        let (part, partResponse) = try await URLSession.shared.data(for: ranged)
        #expect((partResponse as? HTTPURLResponse)?.statusCode == 206)
        #expect(part == data.subdata(in: 10..<20))
        let (_, missing) = try await URLSession.shared.data(from: URL(string: "/archives/\(String(repeating: "0", count: 64)).lunar", relativeTo: server.url)!)
        #expect((missing as? HTTPURLResponse)?.statusCode == 404)
    }

    @Test func uploadsAreRefusedWithAReason() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start(publisherKeys: [releases.key.publicKey])
        defer { Task { await server.stop() } }
        let archive = try releases.archive("v1")
        func refusal(_ body: () async throws -> ReleaseInfo) async -> UpdateError? {
            do { _ = try await body(); return nil } catch { return error as? UpdateError ?? UpdateError("\(error)") }
        }
        let wrongToken = await refusal { try await UpdateAdminClient(server: server.url, token: "nope").publish(archive: archive, channel: "production") }
        #expect(wrongToken?.status == 401)
        #expect(wrongToken?.message.contains("the admin token is missing or wrong") == true)
        let otherKey = await refusal { try await server.admin.publish(archive: try releases.archive("v1", signer: releases.otherKey), channel: "production") }
        #expect(otherKey?.status == 403)
        #expect(otherKey?.message.contains("is signed by key \(releases.otherKey.publicKey.fingerprint), which this server does not take") == true)
        let garbage = await refusal { try await server.admin.publish(archive: Data("not a zip".utf8), channel: "production") }
        #expect(garbage?.status == 400)
        #expect(garbage?.message.contains("not a zip archive") == true, "\(garbage?.message ?? "")")
        let badChannel = await refusal { try await server.admin.publish(archive: archive, channel: "no/such") }
        #expect(badChannel != nil)
        let badRollout = await refusal { try await server.admin.publish(archive: archive, channel: "production", rollout: 101) }
        #expect(badRollout?.status == 400)
        #expect(badRollout?.message.contains("rollout '101' is not a percentage") == true)
        // Nothing refused was stored.
        #expect(try await server.admin.releases(channel: "production").isEmpty)
    }
}
