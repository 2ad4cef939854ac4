import ArgumentParser
import Foundation
import LunarBridge
import LunarBundle
import LunarRuntime
import LunarCommands
import LunarUI

/// `lunar check BUNDLE`: compiles every script, validates the manifest and reads the app
/// scripts for calls of bridge functions that do not exist, literal navigation targets and
/// `require`s that name nothing, and element props the element does not take, without running
/// anything (an archive is verified and opened first); prints each problem and a summary line,
/// and exits non-zero when there is a problem.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile every script, validate the manifest and read the scripts for mistakes, without running the bundle."
    )

    @Argument(help: "The bundle: a directory, or a .lunar archive (opened as `lunar run` does).")
    var bundle: String

    @Option(help: "Check a .lunar archive only if it is signed by this public key.")
    var trust: String?

    func run() async throws {
        try await reportingFailures { try check() }
    }

    private func check() throws {
        // Every bridge function scripts can call, as `lunar types` describes them.
        let api = BundleCheck.APIShape(BridgeAPI.described())
        let check: BundleCheck
        if BundleArgument.isArchive(bundle) {
            let opened = try BundleArgument.open(bundle, trust: trust)
            defer { opened.close() }
            check = BundleCheck(opening: opened.bundle, bridgeAPI: BridgeAPI.version, api: api)
        } else {
            // A directory is checked even when its manifest is broken: that is a problem to list.
            if trust != nil { _ = try BundleArgument.open(bundle, trust: trust) }
            check = BundleCheck(directory: URL(fileURLWithPath: bundle), bridgeAPI: BridgeAPI.version, api: api)
        }
        var text = ""
        // One line a problem, whatever the bundle's file names and messages hold.
        for problem in check.problems { text += escapingControls(problem) + "\n" }
        for warning in check.warnings { text += escapingControls(warning) + "\n" }
        text += "lunar check: " + check.summary + "\n"
        StandardStream.output.write(text)
        if !check.passed { throw ExitCode.failure }
    }
}
