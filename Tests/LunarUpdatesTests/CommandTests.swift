import Foundation
import LunarTestSupport
import LunarUpdates
import Synchronization
import Testing

/// `lunar updates serve`, `lunar publish`, `lunar updates list|rollout|rollback` and
/// `lunar run --updates`, through the binary.
@Suite struct CommandTests {
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lunar")
    }

    /// Runs `lunar` to its end.
    static func lunar(_ arguments: [String], stdin: String = "") throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let errors = Mutex(Data())
        let done = DispatchSemaphore(value: 0)
        Thread {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errors.withLock { $0 = data }
            done.signal()
        }.start()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        done.wait()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors.withLock { $0 }, as: UTF8.self))
    }

    /// `lunar updates serve` in the background, once it printed its address.
    final class ServeProcess: @unchecked Sendable {
        let process = Process()
        let url: URL

        init(_ arguments: [String]) throws {
            process.executableURL = CommandTests.binary
            process.arguments = ["updates", "serve"] + arguments
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Its first line is its address (bounded: the process ends the read if it fails).
            var line = Data()
            let handle = out.fileHandleForReading
            while true {
                let byte = handle.readData(ofLength: 1)
                if byte.isEmpty || byte == Data("\n".utf8) { break }
                line.append(byte)
            }
            let text = String(decoding: line, as: UTF8.self)
            guard text.hasPrefix("http://127.0.0.1:"), text.hasSuffix("/"), let url = URL(string: text) else {
                process.terminate()
                throw UpdateError("lunar updates serve printed \(text.debugDescription), not its address")
            }
            self.url = url
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }

    @Test func serveThenPublishListRollOutAndRollBack() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let data = releases.directory.appendingPathComponent("data")
        let server = try ServeProcess(["--port", "0", "--data", data.path, "--admin-token", "T0ken",
                                       "--publisher-key", releases.publicKeyFile.path])
        defer { server.stop() }
        let v1 = try Releases.bundle("v1")
        defer { try? FileManager.default.removeItem(at: v1.root) }
        let common = ["--server", server.url.absoluteString, "--channel", "production", "--token", "T0ken"]

        let published = try Self.lunar(["publish", v1.root.path, "--sign", releases.keyFile.path, "--rollout", "50", "--message", "first one"] + common)
        #expect(published.status == 0, "\(published.err)")
        let id = try #require(published.out.split(separator: "\n").last.map(String.init))
        #expect(Int(id) != nil, "\(published.out)")
        #expect(published.out.hasPrefix("lunar publish: app 1.0.0 ("))

        let wrongToken = try Self.lunar(["publish", v1.root.path, "--server", server.url.absoluteString, "--channel", "production",
                                         "--sign", releases.keyFile.path, "--token", "guess"])
        #expect(wrongToken.status != 0)
        #expect(wrongToken.err.contains("the admin token is missing or wrong"), "\(wrongToken.err)")
        let otherKey = releases.directory.appendingPathComponent("other.key").path
        let wrongKey = try Self.lunar(["publish", v1.root.path, "--sign", otherKey] + common)
        #expect(wrongKey.status != 0)
        #expect(wrongKey.err.contains("which this server does not take"), "\(wrongKey.err)")

        let listed = try Self.lunar(["updates", "list"] + common)
        #expect(listed.status == 0, "\(listed.err)")
        #expect(listed.out == "\(id) rollout=50% installs=0 launches=0 failures=0 state=active version=1.0.0 message=\"first one\"\n")
        let json = try Self.lunar(["updates", "list", "--json"] + common)
        let decoded = try JSONDecoder().decode(ReleaseList.self, from: Data(json.out.utf8))
        #expect(decoded.releases.map(\.release.id) == [id])

        let rollout = try Self.lunar(["updates", "rollout", "--release", id, "--percent", "100"] + common)
        #expect(rollout.status == 0, "\(rollout.err)")
        #expect(rollout.out == "lunar updates: release \(id) of production (1.0.0) is rolled out to 100% of devices\n")

        let v2 = try Releases.bundle("v2", version: "1.0.1")
        defer { try? FileManager.default.removeItem(at: v2.root) }
        let second = try Self.lunar(["publish", v2.root.path, "--sign", releases.keyFile.path] + common)
        let id2 = try #require(second.out.split(separator: "\n").last.map(String.init))
        let rolledBack = try Self.lunar(["updates", "rollback"] + common)
        #expect(rolledBack.status == 0, "\(rolledBack.err)")
        #expect(rolledBack.out == "lunar updates: release \(id2) (1.0.1) of production is rolled back; devices now get release \(id) (1.0.0)\n")
        let again = try Self.lunar(["updates", "rollback"] + common)
        #expect(again.status != 0)
        #expect(again.err.contains("has no release before \(id) to go back to"))
    }

    @Test func runFollowsTheServerAndFallsBackFromABrokenUpdate() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let builtIn = try Releases.bundle("built-in")
        defer { try? FileManager.default.removeItem(at: builtIn.root) }
        let updates = releases.directory.appendingPathComponent("device")
        let run = ["run", builtIn.root.path, "--updates", server.url.absoluteString, "--channel", "production",
                   "--trust", releases.publicKeyFile.path, "--device-id", "device-1", "--updates-directory", updates.path]
        let v1 = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production", signingKey: releases.key)

        // First launch: the built-in bundle runs; v1 is staged before the process ends.
        var launch = try Self.lunar(run)
        #expect(launch.status == 0, "\(launch.err)")
        #expect(launch.out.contains("Text \"built-in\""), "\(launch.out)")
        #expect(launch.err.contains("lunar: updates: release \(v1.id) (1.0.0) is downloaded, verified and staged for the next launch"), "\(launch.err)")
        // Second launch: v1.
        launch = try Self.lunar(run)
        #expect(launch.out.contains("Text \"v1\""), "\(launch.out)\n\(launch.err)")

        // A broken v2 is staged, fails before its first screen, and v1 runs in the same launch.
        let v2 = try await server.admin.publish(archive: try releases.archive("v2", broken: true), channel: "production", signingKey: releases.key)
        launch = try Self.lunar(run)
        #expect(launch.out.contains("Text \"v1\""))
        launch = try Self.lunar(run)
        #expect(launch.status == 0, "\(launch.err)")
        #expect(launch.out.contains("Text \"v1\""), "\(launch.out)\n\(launch.err)")
        #expect(launch.err.contains("release \(v2.id) (1.0.0) failed before its first screen and is marked bad"), "\(launch.err)")
        let listed = try await server.admin.releases(channel: "production")
        #expect(listed[0].failures == 1 && listed[0].installs == 1 && listed[0].launches == 0)
        #expect(listed[1].launches == 1)

        // Offline: the last good bundle still runs.
        await server.stop()
        launch = try Self.lunar(run)
        #expect(launch.status == 0, "\(launch.err)")
        #expect(launch.out.contains("Text \"v1\""))
        #expect(launch.err.contains("lunar: updates: update check failed: "), "\(launch.err)")
    }

    @Test func anUpdateThatArrivesWithinTheWindowRunsAtOnce() async throws {
        let releases = try Releases()
        defer { releases.remove() }
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let builtIn = try Releases.bundle("built-in")
        defer { try? FileManager.default.removeItem(at: builtIn.root) }
        _ = try await server.admin.publish(archive: try releases.archive("v1"), channel: "production", signingKey: releases.key)
        let launch = try Self.lunar([
            "run", builtIn.root.path, "--updates", server.url.absoluteString, "--channel", "production",
            "--trust", releases.publicKeyFile.path, "--updates-directory", releases.directory.appendingPathComponent("device").path,
            "--apply-within", "30",
        ])
        #expect(launch.status == 0, "\(launch.err)")
        #expect(launch.out.contains("Text \"v1\""), "\(launch.out)\n\(launch.err)")
    }
}
