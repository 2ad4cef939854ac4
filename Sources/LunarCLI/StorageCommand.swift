import ArgumentParser
import Foundation
import LunarCommands

/// `lunar storage path|reset BUNDLE`: where `lunar.storage` keeps a bundle's store when
/// `lunar run`, `lunar dev` or `lunar exec` run it, and a fresh start for development.
struct StorageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage",
        abstract: "Show or delete the lunar.storage store that run, dev and exec keep for a bundle.",
        subcommands: [Path.self, Reset.self]
    )

    /// The BUNDLE argument and how it names a store, shared by the subcommands.
    struct Target: ParsableArguments {
        @Argument(help: "The bundle: a directory (or a lunar exec script's folder), a .lunar archive, or a dev server URL.")
        var bundle: String

        @Option(help: "For a dev server URL: the cache directory lunar run was given.")
        var cacheDirectory: String?
    }

    /// `lunar storage path BUNDLE`: prints the store's folder.
    struct Path: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the folder that holds the bundle's store (storage.json), whether or not it exists yet."
        )

        @OptionGroup var target: Target

        func run() async throws {
            try await reportingFailures {
                let directory = try StorageSession.directory(for: target.bundle, cacheDirectory: target.cacheDirectory)
                SessionOutput.standard(directory.path + "\n")
            }
        }
    }

    /// `lunar storage reset BUNDLE`: deletes the store, so the next run starts empty.
    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete the bundle's store, so that its next run starts with empty storage."
        )

        @OptionGroup var target: Target

        func run() async throws {
            try await reportingFailures {
                let line = try StorageSession.reset(target.bundle, cacheDirectory: target.cacheDirectory)
                SessionOutput.standard(line + "\n")
            }
        }
    }
}
