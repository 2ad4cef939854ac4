import Foundation
import LunarBundle
import LunarDevServer
import LunarTestSupport
import Testing

/// One rule says what belongs to a bundle (``BundleContents``): the watcher
/// reports, and the dev server lists, exactly the files it names.
@Suite struct BundleContentsTests {
    static let junk = [".DS_Store", ".git/HEAD", ".luarc.json", "screens/.#home.lua", "screens/.home.lua.swp", "screens/home.lua~",
                       "screens/#home.lua#", "screens/home.lua.swp", "screens/home.lua.swo", "screens/save.tmp", "Thumbs.db"]

    static func bundle() throws -> BundleDirectory {
        var files = ["manifest.json": BundleDirectory.manifest(), "screens/home.lua": "return {}\n"]
        for path in junk { files[path] = "junk" }
        let bundle = try BundleDirectory(files: files)
        // Links are never the bundle's, whether they stay inside it or not.
        try FileManager.default.createSymbolicLink(
            atPath: bundle.root.appendingPathComponent("linked.lua").path, withDestinationPath: "screens/home.lua")
        try FileManager.default.createSymbolicLink(
            atPath: bundle.root.appendingPathComponent("alias").path, withDestinationPath: "screens")
        return bundle
    }

    @Test func excludedNamesAndLinksAreLeftOut() throws {
        let bundle = try Self.bundle()
        defer { bundle.remove() }
        #expect(BundleContents.files(under: bundle.root) == ["manifest.json", "screens/home.lua"])
        #expect(BundleContents.kind(of: bundle.root.appendingPathComponent("linked.lua")) == .symbolicLink)
        #expect(BundleContents.kind(of: bundle.root.appendingPathComponent("alias")) == .symbolicLink)
        #expect(BundleContents.kind(of: bundle.root.appendingPathComponent("screens")) == .directory)
        #expect(BundleContents.kind(of: bundle.root.appendingPathComponent("nothing")) == .missing)
        #expect(!BundleContents.excludes("home.lua"))
    }

    @Test func theDevServerListsWhatBelongsToTheBundle() throws {
        let bundle = try Self.bundle()
        defer { bundle.remove() }
        let listed = BundleFileIndex(root: bundle.root).files().map(\.path.value)
        #expect(listed == BundleContents.files(under: bundle.root))
        // What is not listed is not served either.
        #expect(try BundlePath("screens/home.lua").regularFile(in: bundle.root) != nil)
        for path in ["linked.lua", "alias/home.lua", "screens/home.lua~", "screens/save.tmp", "Thumbs.db", "screens"] {
            #expect(try BundlePath(path).regularFile(in: bundle.root) == nil, "\(path)")
        }
    }

    @Test func theWatcherReportsWhatBelongsToTheBundle() throws {
        let bundle = try Self.bundle()
        defer { bundle.remove() }
        let watcher = BundleWatcher(root: bundle.root, method: .pollingOnDemand)
        defer { watcher.stop() }
        _ = try watcher.start { _ in }
        for path in Self.junk { try bundle.write(path, "changed") }
        try FileManager.default.createSymbolicLink(
            atPath: bundle.root.appendingPathComponent("other.lua").path, withDestinationPath: "screens/home.lua")
        #expect(watcher.poll() == [])
        try bundle.write("screens/home.lua", "return { changed = true }\n")
        #expect(watcher.poll() == ["screens/home.lua"])
    }
}
