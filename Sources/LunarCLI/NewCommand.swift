import ArgumentParser
import Foundation
import LunarBridge
import LunarBundle
import LunarRuntime

/// `lunar new NAME [--directory DIR]`: scaffolds a bundle in DIR/NAME that
/// passes `lunar check`, with editor stubs already written.
struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a bundle: one screen, a view-model, a spec, a mock API, editor and lint set-up."
    )

    @Argument(help: "The bundle's name (letters, digits, '-' and '_'); also its directory's.")
    var name: String

    @Option(help: "Where to create the bundle's directory (default: the current directory).")
    var directory: String?

    func validate() throws {
        guard !name.isEmpty, !name.hasPrefix("-"),
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw ValidationError("'\(name)' is not a bundle name: use letters, digits, '-' and '_'")
        }
    }

    func run() async throws {
        try await reportingFailures { try create() }
    }

    func create() throws {
        let parent = URL(fileURLWithPath: directory ?? FileManager.default.currentDirectoryPath)
        let root = parent.appendingPathComponent(name).standardizedFileURL
        let fileManager = FileManager.default
        if let existing = try? fileManager.contentsOfDirectory(atPath: root.path), !existing.isEmpty {
            throw ScriptFailure(message: "lunar: \(root.path) already exists and is not empty")
        }
        do {
            for file in BundleTemplate.files(name: name, bridgeAPI: BridgeAPI.version) {
                let url = root.appendingPathComponent(file.path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
            }
            let types = root.appendingPathComponent(".lunar/types")
            try EditorFiles.definitions().write(to: types)
            try EditorFiles.writeLuarc(in: root, definitions: types)
        } catch {
            throw ScriptFailure(message: "lunar: cannot create \(root.path): \(error.localizedDescription)")
        }
        let shown = directory == nil ? name : root.path
        StandardStream.output.write("""
            lunar: created \(shown)
              lunar check \(shown)     validate it
              lunar run \(shown)       run it (its mock API included)
              lunar test \(shown)      run its specs

            """)
    }
}
