import ArgumentParser
import Foundation
import LunarCommands
import LunarRuntime
import LunarUI

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
                let hint = NameSuggestion.didYouMean(first, among: names)
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
}
