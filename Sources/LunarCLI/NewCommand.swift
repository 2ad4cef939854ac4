import ArgumentParser
import Foundation
import LunarCommands

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
        try EditorFiles.createBundle(named: name, at: root)
        let shown = directory == nil ? name : root.path
        SessionOutput.standard("""
            lunar: created \(shown)
              lunar check \(shown)     validate it
              lunar run \(shown)       run it (its mock API included)
              lunar test \(shown)      run its specs

            """)
    }
}
