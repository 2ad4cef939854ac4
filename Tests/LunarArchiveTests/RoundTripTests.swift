import Foundation
import LunarBridge
import LunarBundle
import LunarHeadlessHost
import LunarArchive
import LunarRuntime
import LunarTestSupport
import Testing

/// Pack, verify, open and run: text and bytecode bundles end to end, headless.
@Suite struct RoundTripTests {
    @Test func aSignedTextBundleRunsAfterVerification() async throws {
        let sample = try SampleBundle()
        let work = try makeTemporaryDirectory()
        defer { sample.remove(); try? FileManager.default.removeItem(at: work) }
        let key = BundleSigningKey()
        let file = work.appendingPathComponent("APP.lunar")
        var seen: [BundlePacker.Progress] = []
        let report = try BundlePacker(bridgeAPI: BridgeAPI.version, signingKey: key).pack(directory: sample.root, to: file) { seen.append($0) }

        // Junk and development files stay out; the file list names the rest.
        #expect(report.fileList.files.keys.sorted() == ["lib/greeting.lua", "manifest.json", "screens/home.lua"])
        #expect(report.fileList.name == "sample" && report.fileList.version == "2.1.0")
        #expect(report.fileList.bridgeAPI == BridgeAPI.version)
        #expect(report.fileList.bytecode == nil)
        #expect(report.keyFingerprint == key.publicKey.fingerprint)
        #expect(seen.map(\.filesDone) == [1, 2, 3])
        #expect(seen.last?.bytesDone == seen.last?.bytesTotal)

        let archive = try BundleArchive(contentsOf: file)
        let bundle = try archive.open(trusting: key.publicKey, bridgeAPI: BridgeAPI.version, into: work)
        #expect(bundle.isVerified)
        #expect(bundle.root.path.hasPrefix(work.path + "/lunar-bundle-"))
        let mode = try FileManager.default.attributesOfItem(atPath: bundle.root.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let (runtime, screen, errors) = try await startHeadless(bundle)
        #expect(screen.contains("hello from Lua 5.4"), "\(screen)")
        try await runtime.perform(.tap("Fail"))
        #expect(errors.all.first?.contains("screens/home.lua:6: boom from the screen") == true, "\(errors.all)")
        #expect(await runtime.snapshot().contains("hello from Lua 5.4"))  // still usable
    }

    /// Scripts are bytes: a Latin-1 byte in a string literal is compiled and kept.
    @Test func aBytecodeBundleKeepsALatin1Byte() async throws {
        let sample = try SampleBundle()
        let work = try makeTemporaryDirectory()
        defer { sample.remove(); try? FileManager.default.removeItem(at: work) }
        try (Data("-- caf".utf8) + Data([0xE9]) + Data("\nreturn { byte = (\"caf".utf8) + Data([0xE9]) + Data("\"):byte(4) }\n".utf8))
            .write(to: sample.root.appendingPathComponent("lib/latin1.lua"))
        let key = BundleSigningKey()
        let file = work.appendingPathComponent("APP.lunar")
        _ = try BundlePacker(bridgeAPI: BridgeAPI.version, signingKey: key, bytecode: true).pack(directory: sample.root, to: file)
        let bundle = try BundleArchive(contentsOf: file).open(trusting: key.publicKey, bridgeAPI: BridgeAPI.version, into: work)
        let (runtime, _, _) = try await startHeadless(bundle)
        let byte = try await runtime.withHost { _, state in try state.run("return require('lib.latin1').byte", name: "=test") }
        #expect(byte == [.integer(233)])
    }

    @Test func aBytecodeBundleRunsAndItsErrorsStillSayFileAndLine() async throws {
        let sample = try SampleBundle()
        let work = try makeTemporaryDirectory()
        defer { sample.remove(); try? FileManager.default.removeItem(at: work) }
        let key = BundleSigningKey()
        let file = work.appendingPathComponent("APP.lunar")
        let report = try BundlePacker(bridgeAPI: BridgeAPI.version, signingKey: key, bytecode: true).pack(directory: sample.root, to: file)
        #expect(report.fileList.bytecode == "Lua 5.4")

        let archive = try BundleArchive(contentsOf: file)
        let screenBytes = try #require(archive.contents.files["screens/home.lua"])
        #expect(screenBytes.starts(with: LuaModuleChunk.binarySignature))
        #expect(archive.contents.files["manifest.json"].map { String(decoding: $0, as: UTF8.self) }?.contains("sample") == true)

        let bundle = try archive.open(trusting: key.publicKey, bridgeAPI: BridgeAPI.version, into: work)
        let (runtime, screen, errors) = try await startHeadless(bundle)
        #expect(screen.contains("hello from Lua 5.4"), "\(screen)")
        try await runtime.perform(.tap("Fail"))
        // Debug information is kept: the bundle-relative chunk name and the line.
        #expect(errors.all.first?.contains("screens/home.lua:6: boom from the screen") == true, "\(errors.all)")
        let check = BundleCheck(opening: bundle, bridgeAPI: BridgeAPI.version)
        #expect(check.passed, "\(check.problems)")
    }

    @Test func bytecodeIsRefusedOutsideAVerifiedBundle() async throws {
        let sample = try SampleBundle()
        let work = try makeTemporaryDirectory()
        defer { sample.remove(); try? FileManager.default.removeItem(at: work) }
        let file = work.appendingPathComponent("APP.lunar")
        _ = try BundlePacker(bridgeAPI: BridgeAPI.version, signingKey: BundleSigningKey(), bytecode: true).pack(directory: sample.root, to: file)
        let archive = try BundleArchive(contentsOf: file)

        // An archive of bytecode opened without a trusted key is refused outright.
        #expect(BundleArchiveError.Reason.of { _ = try archive.openUnverified(bridgeAPI: BridgeAPI.version, into: work) } == .unsigned)

        // The same bytecode copied into a directory bundle does not load.
        try sample.write("screens/home.lua", "")
        try #require(archive.contents.files["screens/home.lua"]).write(to: sample.root.appendingPathComponent("screens/home.lua"))
        let directory = try ScriptBundle(directory: sample.root)
        #expect(!directory.isVerified)
        let runtime = try LunarRuntime(bundle: directory, options: RuntimeOptions(clock: .virtual))
        let outcome = await runtime.withHost { _, state in
            Result { () throws(LuaScriptError) in try state.run("return require('screens.home')", name: "=test") }
        }
        guard case .failure(let error) = outcome else {
            Issue.record("bytecode loaded from a directory bundle")
            return
        }
        #expect(error.message.contains("screens/home.lua: bytecode is refused: precompiled chunks are only loaded from a verified bundle"), "\(error.message)")
        // Text modules of the same bundle still load.
        let text = try await runtime.withHost { _, state in try state.run("return require('lib.greeting').text()", name: "=test") }
        #expect(text == ["hello from Lua 5.4"])
        let check = BundleCheck(directory: sample.root, bridgeAPI: BridgeAPI.version)
        #expect(check.problems.contains { $0.contains("screens/home.lua: bytecode is refused") }, "\(check.problems)")
    }

    @Test func anUnsignedArchiveOpensUnverifiedAsText() async throws {
        let sample = try SampleBundle()
        let work = try makeTemporaryDirectory()
        defer { sample.remove(); try? FileManager.default.removeItem(at: work) }
        let file = work.appendingPathComponent("APP.lunar")
        _ = try BundlePacker(bridgeAPI: BridgeAPI.version).pack(directory: sample.root, to: file)
        let archive = try BundleArchive(contentsOf: file)
        #expect(archive.signature == nil)
        let bundle = try archive.openUnverified(bridgeAPI: BridgeAPI.version, into: work)
        #expect(!bundle.isVerified)
        let (_, screen, _) = try await startHeadless(bundle)
        #expect(screen.contains("hello from Lua 5.4"))
    }

    @Test func developmentFilesArePackedOnlyWhenAskedFor() throws {
        let sample = try SampleBundle()
        let work = try makeTemporaryDirectory()
        defer { sample.remove(); try? FileManager.default.removeItem(at: work) }
        let file = work.appendingPathComponent("APP.lunar")
        try sample.write("mock-api/POST/login.lua", "return function(request) return { status = 200, json = {} } end\n")
        let report = try BundlePacker(bridgeAPI: BridgeAPI.version, bytecode: true, includeDevelopmentFiles: true).pack(directory: sample.root, to: file)
        #expect(report.fileList.files.keys.sorted() == [
            "lib/greeting.lua", "manifest.json", "mock-api/GET/hello.json", "mock-api/POST/login.lua", "screens/home.lua",
            "spec/home_spec.lua",
        ])
        // Specs and mock API handlers stay text: the spec runner and the dev server load them as text.
        let archive = try BundleArchive(contentsOf: file)
        #expect(archive.contents.files["spec/home_spec.lua"].map { !$0.starts(with: LuaModuleChunk.binarySignature) } == true)
        #expect(archive.contents.files["mock-api/POST/login.lua"].map { !$0.starts(with: LuaModuleChunk.binarySignature) } == true)
        #expect(archive.contents.files["lib/greeting.lua"]?.starts(with: LuaModuleChunk.binarySignature) == true)
    }

    @Test func aBrokenBundleIsNotPacked() throws {
        let sample = try SampleBundle(files: ["lib/greeting.lua": "local function broken(\n"])
        let work = try makeTemporaryDirectory()
        defer { sample.remove(); try? FileManager.default.removeItem(at: work) }
        let file = work.appendingPathComponent("APP.lunar")
        let outcome = Result { () throws(BundleArchiveError) in try BundlePacker(bridgeAPI: BridgeAPI.version).pack(directory: sample.root, to: file) }
        guard case .failure(let error) = outcome else {
            Issue.record("packed a bundle with a syntax error")
            return
        }
        #expect(error.reason == .invalidBundle)
        #expect(error.message.contains("lib/greeting.lua:2:"), "\(error.message)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(!FileManager.default.fileExists(atPath: file.path + ".partial"))
    }

    @Test func symbolicLinksAndTheReservedDirectoryAreNotPacked() throws {
        let sample = try SampleBundle()
        let work = try makeTemporaryDirectory()
        defer { sample.remove(); try? FileManager.default.removeItem(at: work) }
        let file = work.appendingPathComponent("APP.lunar")
        try FileManager.default.createSymbolicLink(atPath: sample.root.appendingPathComponent("lib/passwd").path, withDestinationPath: "/etc/passwd")
        #expect(BundleArchiveError.Reason.of { _ = try BundlePacker(bridgeAPI: BridgeAPI.version).pack(directory: sample.root, to: file) } == .symlink)
        try FileManager.default.removeItem(at: sample.root.appendingPathComponent("lib/passwd"))
        try sample.write("_lunar/files.json", "{}")
        #expect(BundleArchiveError.Reason.of { _ = try BundlePacker(bridgeAPI: BridgeAPI.version).pack(directory: sample.root, to: file) } == .invalidBundle)
    }

    @Test func packingTheSameFilesTwiceWritesTheSameFileList() throws {
        let sample = try SampleBundle()
        let work = try makeTemporaryDirectory()
        defer { sample.remove(); try? FileManager.default.removeItem(at: work) }
        let first = try BundlePacker(bridgeAPI: BridgeAPI.version).pack(directory: sample.root, to: work.appendingPathComponent("a.lunar"))
        let second = try BundlePacker(bridgeAPI: BridgeAPI.version).pack(directory: sample.root, to: work.appendingPathComponent("b.lunar"))
        #expect(first.fileList.encoded() == second.fileList.encoded())
        #expect(try Data(contentsOf: work.appendingPathComponent("a.lunar")) == Data(contentsOf: work.appendingPathComponent("b.lunar")))
    }
}
