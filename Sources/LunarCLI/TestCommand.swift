import ArgumentParser
import Foundation
import LunarCommands
import LunarSpecs

extension SpecFormat: ExpressibleByArgument {}

/// `lunar test BUNDLE`: runs the bundle's `spec/**/*_spec.lua` headless.
/// Each spec file gets a fresh runtime of the bundle (fresh Lua state, a
/// fresh `lunar.storage` directory, a virtual clock) and, when the bundle has
/// a `mock-api/`, a mock API served on loopback that the network layer's base
/// URL points at. Exits non-zero when any test fails or a spec file cannot load.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a bundle's Lua specs (spec/**/*_spec.lua) headless against its mock API."
    )

    @Argument(help: "The bundle: a directory, or a .lunar archive packed with --include-dev (specs are left out otherwise).")
    var bundle: String

    @Option(help: "Test a .lunar archive only if it is signed by this public key.")
    var trust: String?

    @Option(help: "Output format: text, tap or junit.")
    var format: SpecFormat = .text

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "Run only tests whose full name (describe and it names, joined by spaces) or file path contains this text.")
    var filter: String?

    @Flag(help: "Replace snapshots that differ instead of failing, and drop the ones no test asks for.")
    var update = false

    @Flag(help: "Run the specs again whenever a file of the bundle changes, until Ctrl-C (a bundle directory only).")
    var watch = false

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        logging.bootstrap(default: .warning)
        var session = TestSession(bundle: bundle)
        session.trust = trust
        session.format = format
        session.output = output
        session.filter = filter
        session.updateSnapshots = update
        try await reportingFailures {
            if watch {
                try await session.watch()
            } else if try await !session.run() {
                throw ExitCode.failure
            }
        }
    }
}
