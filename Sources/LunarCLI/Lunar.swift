import ArgumentParser

/// `lunar`: a thin command-line shell over the Lunar runtime.
@main
struct Lunar: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lunar",
        abstract: "Run, test and develop Lunar script bundles.",
        subcommands: [
            RunCommand.self, DevCommand.self, ServeCommand.self, TestCommand.self, ExecCommand.self,
            TypesCommand.self, CheckCommand.self, NewCommand.self, BundleCommand.self, KeygenCommand.self, StorageCommand.self,
        ]
    )
}
