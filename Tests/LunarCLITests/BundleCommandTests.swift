import Foundation
import LunarTestSupport
import Testing

/// `lunar keygen`, `lunar bundle` and running, checking and testing a
/// `.lunar` archive with `--trust`, through the binary.
@Suite struct BundleCommandTests {
    static let showcase = ToolsTests.showcase

    @Test func keygenWritesAPrivateAndAPublicKeyAndNeverOverwrites() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LunarProcess.run(["keygen", "-o", "release"], cwd: dir)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("lunar keygen: key fingerprint "))
        let mode = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("release.key").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOf: dir.appendingPathComponent("release.pub"), encoding: .utf8).hasPrefix("lunar ed25519 public key\n"))
        let again = try LunarProcess.run(["keygen", "-o", "release"], cwd: dir)
        #expect(again.status == 1)
        #expect(again.err.contains("release.key already exists: keys are never overwritten"))
    }

    @Test func aSignedShowcaseRunsOnlyWithItsKey() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try LunarProcess.run(["keygen", "-o", "release"], cwd: dir)
        _ = try LunarProcess.run(["keygen", "-o", "other"], cwd: dir)
        let packed = try LunarProcess.run(["bundle", Self.showcase.path, "-o", "app.lunar", "--sign", "release.key"], cwd: dir)
        #expect(packed.status == 0, "\(packed.err)")
        #expect(packed.out.hasPrefix("lunar bundle: showcase 1.0.0: 13 files, text, signed by key "), "\(packed.out)")
        #expect(packed.err.isEmpty)  // no progress line when standard error is not a terminal

        let trusted = try LunarProcess.run(["run", "app.lunar", "--trust", "release.pub", "--no-mock-api"], stdin: "type Account ann\n", cwd: dir)
        #expect(trusted.status == 0, "\(trusted.err)")
        #expect(trusted.out.hasPrefix("== Login ==\n"))
        #expect(trusted.out.contains("TextField #account \"Account\" value=\"ann\""))

        let other = try LunarProcess.run(["run", "app.lunar", "--trust", "other.pub"], stdin: "", cwd: dir)
        #expect(other.status == 1)
        #expect(other.out.isEmpty)
        #expect(other.err.contains("lunar: app.lunar is signed by key "))
        #expect(other.err.contains(", not by the trusted key "))

        let unverified = try LunarProcess.run(["run", "app.lunar", "--no-mock-api"], stdin: "", cwd: dir)
        #expect(unverified.status == 0, "\(unverified.err)")
        #expect(unverified.err.contains("lunar: warning: app.lunar is opened unverified (no --trust KEY)"))
        #expect(unverified.out.hasPrefix("== Login ==\n"))

        let check = try LunarProcess.run(["check", "app.lunar", "--trust", "release.pub"], cwd: dir)
        #expect(check.status == 0, "\(check.err)")
        #expect(check.out == "lunar check: showcase: 12 scripts, 5 routes: no problems\n")
    }

    @Test func aBytecodeArchiveNeedsATrustedKeyAndPassesItsSpecs() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try LunarProcess.run(["keygen", "-o", "release"], cwd: dir)
        let packed = try LunarProcess.run(
            ["bundle", Self.showcase.path, "-o", "app.lunar", "--sign", "release.key", "--bytecode", "--include-dev"], cwd: dir)
        #expect(packed.status == 0, "\(packed.err)")
        #expect(packed.out.contains("bytecode (Lua 5.4)"))

        let refused = try LunarProcess.run(["run", "app.lunar"], stdin: "", cwd: dir)
        #expect(refused.status == 1)
        #expect(refused.err.contains("lunar: app.lunar holds bytecode (Lua 5.4), which is only loaded from a verified bundle"))

        let specs = try LunarProcess.run(["test", "app.lunar", "--trust", "release.pub"], cwd: dir)
        #expect(specs.status == 0, "\(specs.out)\(specs.err)")
        #expect(specs.out.contains(" passed, 0 failed"))
    }

    @Test func aTrustArgumentThatIsNoKeySaysWhatItIs() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try LunarProcess.run(["keygen", "-o", "release"], cwd: dir)
        _ = try LunarProcess.run(["bundle", Self.showcase.path, "-o", "app.lunar", "--sign", "release.key"], cwd: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("keys"), withIntermediateDirectories: true)
        try "hello".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let folder = try LunarProcess.run(["run", "app.lunar", "--trust", "keys"], stdin: "", cwd: dir)
        #expect(folder.status == 1)
        #expect(folder.err.contains("keys: a directory, not a public key file"), "\(folder.err)")
        let text = try LunarProcess.run(["run", "app.lunar", "--trust", "notes.txt"], stdin: "", cwd: dir)
        #expect(text.err.contains("notes.txt: not a Lunar public key file"), "\(text.err)")
        let privateKey = try LunarProcess.run(["run", "app.lunar", "--trust", "release.key"], stdin: "", cwd: dir)
        #expect(privateKey.err.contains("release.key: not a Lunar public key file"), "\(privateKey.err)")
        let missing = try LunarProcess.run(["run", "gone.lunar", "--trust", "release.pub"], stdin: "", cwd: dir)
        #expect(missing.status == 1)
        #expect(!missing.err.contains("--trust applies to .lunar archives"), "\(missing.err)")
        #expect(missing.err.contains("gone.lunar"))
    }

    @Test func packingABundleServedOnlyByItsMockAPIWarns() throws {
        let bundle = try ToolsTests.bundle([
            "manifest.json": ToolsTests.manifest(), "screens/home.lua": ToolsTests.goodScreen, "mock-api/GET/hello.json": "{}",
        ])
        defer { try? FileManager.default.removeItem(at: bundle) }
        let archive = bundle.appendingPathComponent("out.lunar")
        let r = try LunarProcess.run(["bundle", bundle.path, "-o", archive.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("warning:") && r.err.contains("has a mock-api/ but no \"api\": {\"baseURL\""), "\(r.err)")
    }

    @Test func aBrokenBundleIsNotPacked() throws {
        let bundle = try ToolsTests.bundle(["manifest.json": ToolsTests.manifest(), "screens/home.lua": "return {\n"])
        defer { try? FileManager.default.removeItem(at: bundle) }
        let archive = bundle.appendingPathComponent("out.lunar")
        let r = try LunarProcess.run(["bundle", bundle.path, "-o", archive.path])
        #expect(r.status == 1)
        #expect(r.err.contains("has problems (see `lunar check`)"))
        #expect(r.err.contains("screens/home.lua:2:"))
        #expect(!FileManager.default.fileExists(atPath: archive.path))
    }

    @Test func aDirectoryForAnotherBridgeAPIDoesNotRun() throws {
        let stale = try ToolsTests.bundle([
            "manifest.json": ToolsTests.manifest(bridgeAPI: "0123456789abcdef"), "screens/home.lua": ToolsTests.goodScreen,
        ])
        defer { try? FileManager.default.removeItem(at: stale) }
        let r = try LunarProcess.run(["run", stale.path], stdin: "")
        #expect(r.status == 1)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("lunar: manifest.json: bridgeAPI '0123456789abcdef' does not match this runtime's bridge API"))
        let trust = try LunarProcess.run(["run", stale.path, "--trust", "x.pub"], stdin: "")
        #expect(trust.status == 1)
        #expect(trust.err.contains("--trust applies to .lunar archives"))
    }

    /// An archive's extracted files go when the run is stopped by a signal, and what a killed
    /// run left behind is removed by the next run that opens an archive (issue 23, item 8).
    @Test func extractedFilesAreRemovedWhenStoppedOrKilled() throws {
        let dir = try makeTemporaryDirectory("lunar-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let tmp = dir.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let app = try ToolsTests.bundle(["manifest.json": ToolsTests.manifest(), "screens/home.lua": ToolsTests.goodScreen])
        defer { try? FileManager.default.removeItem(at: app) }
        let packed = try LunarProcess.run(["bundle", app.path, "-o", dir.appendingPathComponent("app.lunar").path])
        #expect(packed.status == 0, "\(packed.err)")
        func extracted() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter { $0.hasPrefix("lunar-bundle-") }
        }

        for signal in [SIGTERM, SIGINT, SIGKILL] {
            let process = Process()
            process.executableURL = LunarProcess.binary
            process.arguments = ["run", "app.lunar", "--no-mock-api"]
            process.currentDirectoryURL = dir
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": tmp.path]) { $1 }
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first screen is printed once the archive is open and running.
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("==") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen.append(chunk)
            }
            #expect(try extracted().count == 1, "signal \(signal): the archive is open")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            if signal == SIGKILL {
                #expect(try extracted().count == 1, "a killed run cannot clean up")
            } else {
                #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
                #expect(try extracted().isEmpty, "signal \(signal) left \((try? extracted()) ?? [])")
            }
        }
        // The next command that opens an archive removes what the killed run left.
        let check = try LunarProcess.run(["check", "app.lunar"], cwd: dir, environment: ["TMPDIR": tmp.path])
        #expect(check.status == 0, "\(check.err)")
        #expect(try extracted().isEmpty, "left: \((try? extracted()) ?? [])")
    }
}
