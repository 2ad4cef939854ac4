import Foundation
import LunarBundle
import LunarArchive
import LunarRuntime
import LunarTestSupport
import Testing

/// Every way a signed archive can be wrong is refused before anything is
/// written or run, each with its own reason and a message naming the problem.
@Suite struct VerificationTests {
    /// A signed archive of the sample bundle, its key, and a scratch directory.
    struct Signed {
        let sample: SampleBundle
        let work: URL
        let file: URL
        let key: BundleSigningKey

        init(bytecode: Bool = false, bridgeAPI: String? = nil) throws {
            sample = try SampleBundle()
            work = try makeTemporaryDirectory()
            file = work.appendingPathComponent("APP.lunar")
            key = BundleSigningKey()
            _ = try BundlePacker(bridgeAPI: bridgeAPI ?? BridgeAPI.version, signingKey: key, bytecode: bytecode).pack(directory: sample.root, to: file)
        }

        func remove() {
            sample.remove()
            try? FileManager.default.removeItem(at: work)
        }

        /// The refusal of opening the archive trusting `trusted` (the signing key's by default).
        func refusal(trusting trusted: BundlePublicKey? = nil, bridgeAPI: String = BridgeAPI.version) throws -> BundleArchiveError? {
            do {
                _ = try BundleArchive(contentsOf: file).open(trusting: trusted ?? key.publicKey, bridgeAPI: bridgeAPI, into: work)
                return nil
            } catch {
                return error
            }
        }

        /// Nothing was extracted by a refused open.
        var extracted: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []).filter { $0.hasPrefix("lunar-bundle-") }
        }
    }

    @Test func theIntactArchiveOpens() throws {
        let signed = try Signed()
        defer { signed.remove() }
        #expect(try signed.refusal() == nil)
        #expect(signed.extracted.count == 1)
    }

    @Test func anAlteredFileIsRefused() throws {
        let signed = try Signed()
        defer { signed.remove() }
        try RawZip.rewrite(signed.file) { $0.replace("screens/home.lua", with: Data(SampleBundle.homeScreen.replacingOccurrences(of: "Fail", with: "Pwnd").utf8)) }
        let error = try #require(try signed.refusal())
        #expect(error.reason == .fileAltered)
        #expect(error.message == "APP.lunar: screens/home.lua was altered: its SHA-256 differs from _lunar/files.json")
        #expect(signed.extracted.isEmpty)
    }

    @Test func aFileOfAnotherSizeIsRefused() throws {
        let signed = try Signed()
        defer { signed.remove() }
        try RawZip.rewrite(signed.file) { $0.replace("lib/greeting.lua", with: Data("return {}".utf8)) }
        let error = try #require(try signed.refusal())
        #expect(error.reason == .fileAltered)
        #expect(error.message.contains("lib/greeting.lua was altered: its size (9 bytes, listed"), "\(error.message)")
    }

    @Test func anAddedFileIsRefused() throws {
        let signed = try Signed()
        defer { signed.remove() }
        try RawZip.rewrite(signed.file) { $0.append(RawEntry("screens/extra.lua", "return {}")) }
        let error = try #require(try signed.refusal())
        #expect(error.reason == .fileAdded)
        #expect(error.message == "APP.lunar: screens/extra.lua is not listed in _lunar/files.json (added after packing)")
    }

    @Test func aMissingFileIsRefused() throws {
        let signed = try Signed()
        defer { signed.remove() }
        try RawZip.rewrite(signed.file) { $0.removeAll { $0.path == "lib/greeting.lua" } }
        let error = try #require(try signed.refusal())
        #expect(error.reason == .fileMissing)
        #expect(error.message == "APP.lunar: lib/greeting.lua is listed in _lunar/files.json but missing from the archive")
    }

    @Test func anUnsignedArchiveIsRefusedWhenAKeyIsTrusted() throws {
        let signed = try Signed()
        defer { signed.remove() }
        try RawZip.rewrite(signed.file) { $0.removeAll { $0.path == "_lunar/signature" } }
        let error = try #require(try signed.refusal())
        #expect(error.reason == .unsigned)
        #expect(error.message.hasPrefix("APP.lunar is not signed (no _lunar/signature), but key \(signed.key.publicKey.fingerprint) is trusted"))
    }

    @Test func anArchiveSignedByAnotherKeyIsRefused() throws {
        let signed = try Signed()
        defer { signed.remove() }
        let other = BundleSigningKey()
        // Re-signed with another key: a valid signature, by the wrong signer.
        try RawZip.rewrite(signed.file) { entries in
            let list = try #require(entries.bytes("_lunar/files.json"))
            entries.replace("_lunar/signature", with: Data(try BundleSignature(signing: list, with: other).fileText.utf8))
        }
        let error = try #require(try signed.refusal())
        #expect(error.reason == .signedByAnotherKey)
        #expect(error.message == "APP.lunar is signed by key \(other.publicKey.fingerprint), not by the trusted key \(signed.key.publicKey.fingerprint)")
        // And the other way round: the original archive, trusting the other key.
        let reversed = try Signed()
        defer { reversed.remove() }
        #expect(try reversed.refusal(trusting: other.publicKey)?.reason == .signedByAnotherKey)
    }

    @Test func aFileListAlteredAfterSigningIsRefused() throws {
        let signed = try Signed()
        defer { signed.remove() }
        // Consistent tampering: change a file and its listed hash, keep the signature.
        let tampered = Data("return { text = function() return 'tampered' end }\n".utf8)
        try RawZip.rewrite(signed.file) { entries in
            var list = try BundleFileList.decode(try #require(entries.bytes("_lunar/files.json")))
            list.files["lib/greeting.lua"] = BundleFileList.File(describing: tampered)
            entries.replace("lib/greeting.lua", with: tampered)
            entries.replace("_lunar/files.json", with: list.encoded())
        }
        let error = try #require(try signed.refusal())
        #expect(error.reason == .badSignature)
        #expect(error.message == "APP.lunar: the signature does not match _lunar/files.json (the file list was altered after signing)")
    }

    @Test func anArchiveForAnotherBridgeAPIIsRefused() throws {
        let signed = try Signed(bridgeAPI: "0123456789abcdef")
        defer { signed.remove() }
        let error = try #require(try signed.refusal())
        #expect(error.reason == .bridgeAPIMismatch)
        #expect(error.message == "APP.lunar was built for bridge API 0123456789abcdef, but this host's bridge API is \(BridgeAPI.version) (rebuild it with `lunar bundle` against this runtime)")
        // A host whose own modules give it that version accepts it.
        #expect(try signed.refusal(bridgeAPI: "0123456789abcdef") == nil)
        // Unverified opening checks the bridge API too.
        #expect(BundleArchiveError.Reason.of { _ = try BundleArchive(contentsOf: signed.file).openUnverified(bridgeAPI: BridgeAPI.version, into: signed.work) } == .bridgeAPIMismatch)
    }

    @Test func aMalformedFileListOrSignatureIsRefused() throws {
        let signed = try Signed()
        defer { signed.remove() }
        let original = try Data(contentsOf: signed.file)
        try RawZip.rewrite(signed.file) { $0.replace("_lunar/signature", with: Data("lunar signature 1\nkey ed25519 xyz\n".utf8)) }
        #expect(try signed.refusal()?.reason == .malformed)
        try original.write(to: signed.file)
        try RawZip.rewrite(signed.file) { $0.replace("_lunar/files.json", with: Data(#"{"format": 2}"#.utf8)) }
        #expect(try signed.refusal()?.reason == .malformed)
        try original.write(to: signed.file)
        try RawZip.rewrite(signed.file) { $0.removeAll { $0.path == "_lunar/files.json" } }
        let error = try #require(try signed.refusal())
        #expect(error.reason == .malformed)
        #expect(error.message == "APP.lunar: not a Lunar archive: it has no _lunar/files.json (make archives with `lunar bundle`)")
        try Data("not a zip at all".utf8).write(to: signed.file)
        #expect(try signed.refusal()?.reason == .malformed)
        #expect(signed.extracted.isEmpty)
    }

    @Test func theRuntimeRefusesADirectoryBundleForAnotherBridgeAPI() throws {
        let stale = try SampleBundle(manifestExtras: #", "bridgeAPI": "0123456789abcdef""#)
        let current = try SampleBundle(manifestExtras: #", "bridgeAPI": "\#(BridgeAPI.version)""#)
        defer { stale.remove(); current.remove() }
        do {
            _ = try LunarRuntime(bundle: ScriptBundle(directory: stale.root))
            Issue.record("a bundle for another bridge API was run")
        } catch let error as BundleError {
            #expect(error.message == "manifest.json: bridgeAPI '0123456789abcdef' does not match this runtime's bridge API '\(BridgeAPI.version)' (the modules changed since the bundle was written; see `lunar types`)")
        }
        _ = try LunarRuntime(bundle: ScriptBundle(directory: current.root))
        // A host with its own modules says which version it offers.
        var options = RuntimeOptions()
        options.bridgeAPI = "0123456789abcdef"
        _ = try LunarRuntime(bundle: ScriptBundle(directory: stale.root), options: options)
        #expect(throws: BundleError.self) { try LunarRuntime(bundle: ScriptBundle(directory: current.root), options: options) }
    }
}
