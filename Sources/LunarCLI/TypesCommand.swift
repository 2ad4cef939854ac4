import ArgumentParser
import Foundation
import LunarBridge
import LunarRuntime
import LunarSession
import LunarSpecs

/// `lunar types [BUNDLE] [--output DIR]`: writes LuaLS stubs for every module
/// scripts can `require` (the built-in ones, this host's `native.host`, and
/// `lunar.test`), the spec globals, the bridge API version, and a
/// `.luarc.json` that points the editor at them.
struct TypesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Write LuaLS definition files for the runtime's modules and a .luarc.json."
    )

    @Argument(help: "The bundle directory (default: the current directory).")
    var bundle: String?

    @Option(help: "Where the definition files go (default: BUNDLE/.lunar/types).")
    var output: String?

    func run() async throws {
        try await reportingFailures { try write() }
    }

    func write() throws {
        let root = URL(fileURLWithPath: bundle ?? FileManager.default.currentDirectoryPath).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ScriptFailure(message: "lunar: \(bundle ?? root.path) is not a directory (give a bundle directory, or run in one)")
        }
        let directory = output.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? root.appendingPathComponent(".lunar/types")
        let definitions = try EditorFiles.definitions()
        do {
            try definitions.write(to: directory)
            try EditorFiles.writeLuarc(in: root, definitions: directory)
        } catch {
            throw ScriptFailure(message: "lunar: cannot write definitions to \(directory.path): \(error.localizedDescription)")
        }
        let count = definitions.files.count
        StandardStream.output.write(
            "lunar: wrote \(count) definition files to \(directory.path) (bridge API \(definitions.apiVersion))\n")
    }
}

/// The editor set-up files `lunar types` and `lunar new` write.
enum EditorFiles {
    /// The stubs: the built-in bridge API (versioned, as manifests name it),
    /// plus `native.host`, `lunar.test` and the spec globals, which bundles
    /// cannot rely on in other hosts and so are left out of the version.
    static func definitions() throws -> LuaTypeDefinitions {
        let bridge = BridgeAPI.definitions()
        let spec: LuaModuleDescription
        do {
            spec = try SpecTypes.module()
        } catch {
            throw ScriptFailure(message: "lunar: cannot read the spec library's annotations: \(error)")
        }
        return LuaTypeDefinitions(
            modules: bridge.modules, classes: bridge.classes,
            unversioned: [LuaModuleDescription(HostModule.module(renderer: "terminal")), spec],
            globals: SpecTypes.globals(of: spec))
    }

    /// Writes `root/.luarc.json` pointing at `definitions` (relative when inside `root`).
    static func writeLuarc(in root: URL, definitions: URL) throws {
        let path = definitions.path.hasPrefix(root.path + "/")
            ? String(definitions.path.dropFirst(root.path.count + 1)) : definitions.path
        let text = LuaTypeDefinitions.luarc(definitionsPath: path, globals: [])
        try Data(text.utf8).write(to: root.appendingPathComponent(".luarc.json"))
    }
}
