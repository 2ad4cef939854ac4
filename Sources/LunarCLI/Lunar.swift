import ArgumentParser
import Foundation
import LunarCommands
import LunarRuntime

/// `lunar`: a thin command-line shell over the Lunar runtime.
@main
struct Lunar: AsyncParsableCommand {
    /// Lunar's release.
    static let release = "0.5.0"

    static let configuration = CommandConfiguration(
        commandName: "lunar",
        abstract: "Run, test and develop Lunar script bundles.",
        discussion: "`lunar --version` prints the release and the bridge API this build offers.",
        subcommands: [
            RunCommand.self, DevCommand.self, ServeCommand.self, TestCommand.self, ExecCommand.self,
            TypesCommand.self, CheckCommand.self, NewCommand.self, BundleCommand.self, KeygenCommand.self, StorageCommand.self,
            PublishCommand.self, UpdatesCommand.self,
        ]
    )

    /// Answers `--version` (here, so that only it builds the bridge API's version), refuses a
    /// mistyped subcommand with a suggestion before the parser reads it as arguments (which says
    /// "2 unexpected arguments"), then runs the command.
    static func main() async {
        // A reader that goes away (`lunar test | head`) makes writes fail with EPIPE, which
        // StandardStream drops, instead of killing the process before it has said its status.
        signal(SIGPIPE, SIG_IGN)
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print("lunar \(release) (bridge API \(BridgeAPI.version))")
            return
        }
        if let first = arguments.first, !first.hasPrefix("-") {
            let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
            if !names.contains(first) {
                let nearest = names.min { editDistance($0, first) < editDistance($1, first) }
                let hint = nearest.flatMap { editDistance($0, first) <= 2 ? " (did you mean '\($0)'?)" : nil } ?? ""
                SessionOutput.error("lunar: unknown subcommand '\(first)'\(hint); `lunar --help` lists them\n")
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    /// Levenshtein distance: how many single-character edits turn `a` into `b`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
