import Foundation
import LunarBase
import LunarBridge
import LunarLuaLSStubs
import LunarBundle
import LunarRuntime
import LunarSpecs

/// The editor set-up `lunar types` and `lunar new` write into a bundle: LuaLS stubs and a
/// `.luarc.json` that points the editor at them.
public enum EditorFiles {
    /// The stubs: the built-in bridge API (versioned, as manifests name it),
    /// plus `native.host`, `lunar.test` and the spec globals, which bundles
    /// cannot rely on in other hosts and so are left out of the version.
    public static func definitions() throws -> LuaTypeDefinitions {
        let bridge = BridgeAPI.described()
        let spec: LuaModuleDescription
        do {
            spec = try SpecTypes.module()
        } catch {
            throw MessageError("cannot read the spec library's annotations: \(error)")
        }
        return LuaTypeDefinitions(
            bridge,
            unversioned: [LuaModuleDescription(HostModule.module(renderer: "terminal")), spec],
            globals: SpecTypes.globals(of: spec))
    }

    /// Writes the stubs into `directory` and `root/.luarc.json` pointing at them (by a
    /// relative path when `directory` is inside `root`); returns what was written.
    @discardableResult
    public static func write(to directory: URL, root: URL) throws -> LuaTypeDefinitions {
        let definitions = try definitions()
        do {
            try definitions.write(to: directory)
            let path = directory.path.hasPrefix(root.path + "/")
                ? String(directory.path.dropFirst(root.path.count + 1)) : directory.path
            let text = LuaTypeDefinitions.luarc(definitionsPath: path, globals: [])
            try Data(text.utf8).write(to: root.appendingPathComponent(".luarc.json"))
        } catch {
            throw MessageError("cannot write definitions to \(directory.path): \(error.localizedDescription)")
        }
        return definitions
    }

    /// Creates the bundle `lunar new NAME` makes at `root` (``BundleTemplate``'s files and the
    /// editor set-up).
    /// - Throws: `MessageError` when `root` exists and is not empty, or cannot be written.
    public static func createBundle(named name: String, at root: URL) throws {
        let fileManager = FileManager.default
        if let existing = try? fileManager.contentsOfDirectory(atPath: root.path), !existing.isEmpty {
            throw MessageError("\(root.path) already exists and is not empty")
        }
        do {
            for file in BundleTemplate.files(name: name, bridgeAPI: BridgeAPI.version) {
                let url = root.appendingPathComponent(file.path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
            }
        } catch {
            throw MessageError("cannot create \(root.path): \(error.localizedDescription)")
        }
        try write(to: root.appendingPathComponent(".lunar/types"), root: root)
    }
}
