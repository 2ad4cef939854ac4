import Foundation
import LunarBase
import LunarBundle
import LunarCommands
import LunarTestSupport
import Testing

/// What the commands do around a runtime, tested below the binary: opening a BUNDLE argument
/// and the bundle `lunar new` makes.
@Suite struct BundleArgumentTests {
    @Test func aDirectoryOpensAsItIsAndRefusesTrust() throws {
        let directory = try BundleDirectory(files: [
            "manifest.json": BundleDirectory.manifest(), "screens/home.lua": "return { render = function() end }",
        ])
        defer { directory.remove() }
        let opened = try BundleArgument.open(directory.root.path, trust: nil)
        #expect(opened.archive == nil)
        #expect(opened.bundle.manifest.entry == "/home")
        #expect(!BundleArgument.isArchive(directory.root.path))
        #expect(throws: MessageError("--trust applies to .lunar archives; \(directory.root.path) is not one (directories are not signed)")) {
            _ = try BundleArgument.open(directory.root.path, trust: "key.pub")
        }
    }

    @Test func aMissingBundleIsSaidMissingWithOrWithoutTrust() throws {
        let gone = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-gone-\(UUID().uuidString)").path
        for trust in [nil, "key.pub"] {
            do {
                _ = try BundleArgument.open(gone, trust: trust)
                Issue.record("opened a missing bundle")
            } catch {
                #expect("\(error)".contains(gone), "\(error)")
                #expect(!"\(error)".contains("--trust"), "\(error)")
            }
        }
    }

    @Test func newWritesTheTemplateAndEditorFilesAndNeverOverwrites() throws {
        let parent = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let root = parent.appendingPathComponent("reading")
        try EditorFiles.createBundle(named: "reading", at: root)
        let manifest = try BundleManifest.load(root: root)
        #expect(manifest.name == "reading")
        #expect(manifest.bridgeAPI?.count == 16)
        for file in ["screens/home.lua", "viewmodels/home.lua", "spec/home_spec.lua", ".luarc.json", ".lunar/types"] {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file)")
        }
        #expect(throws: MessageError("\(root.path) already exists and is not empty")) {
            try EditorFiles.createBundle(named: "reading", at: root)
        }
    }
}
