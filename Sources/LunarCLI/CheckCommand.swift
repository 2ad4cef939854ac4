import ArgumentParser
import Foundation
import LunarRuntime

/// `lunar check BUNDLE`: compiles every script and validates the manifest
/// without running anything; prints each problem and a summary line, and
/// exits non-zero when there is a problem.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile every script and validate the manifest of a bundle, without running it."
    )

    @Argument(help: "The bundle directory.")
    var bundle: String

    func run() async throws {
        let check = BundleCheck(directory: URL(fileURLWithPath: bundle))
        var text = ""
        for problem in check.problems { text += problem + "\n" }
        text += "lunar check: " + check.summary + "\n"
        FileHandle.standardOutput.write(Data(text.utf8))
        if !check.passed { throw ExitCode.failure }
    }
}
