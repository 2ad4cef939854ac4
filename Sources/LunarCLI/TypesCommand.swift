import ArgumentParser
import Foundation
import LunarBridge
import LunarCommands

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
        let definitions = try EditorFiles.write(to: directory, root: root)
        let count = definitions.files.count
        SessionOutput.standard(
            "lunar: wrote \(count) definition files to \(directory.path) (bridge API \(definitions.apiVersion))\n")
    }
}
