import ArgumentParser
import Foundation
import LunarBridge
import LunarCommands

/// `lunar exec FILE.lua` / `lunar exec -e CODE`: runs a script in a sandboxed
/// runtime with every module, waits for its pending work (awaited calls,
/// callbacks, timers, requests) like node does, and exits non-zero if any
/// error went uncaught. `lunar.storage` keeps its file in `$LUNAR_STORAGE_DIR`,
/// or under the user's cache directory in a folder named after the script's.
struct ExecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exec",
        abstract: "Run a Lua file (or -e CODE) against the runtime's modules."
    )

    @Argument(help: "The Lua file to run.")
    var file: String?

    @Option(name: .customShort("e"), help: "Run this code instead of a file.")
    var code: String?

    @Option(help: "Memory cap for the script, in megabytes.")
    var memoryLimitMB: Int?

    @Option(help: "Instructions one call into Lua may run.")
    var instructionBudget: Int?

    func validate() throws {
        if (file == nil) == (code == nil) {
            throw ValidationError("give a Lua file or -e CODE (one of them)")
        }
    }

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        logging.bootstrap(default: .info)
        let options = LuaStateOptions(memoryLimit: memoryLimitMB.map { $0 << 20 }, instructionBudget: instructionBudget)
        let session = ExecSession(code.map { .code($0) } ?? .file(file ?? ""), options: options)
        try await reportingFailures {
            if try await !session.run() { throw ExitCode(1) }
        }
    }
}

/// A failure the command reports itself (one line on standard error, exit 1).
struct ScriptFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Runs `body`, turning a ScriptFailure into its message and exit status 1.
func reportingFailures(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let failure as ScriptFailure {
        SessionOutput.error(failure.message + "\n")
        throw ExitCode.failure
    } catch let error where !(error is ExitCode || error is CleanExit || error is ValidationError) {
        // One line, escaped: the message may quote a bundle's or a script's text.
        SessionOutput.error("lunar: \(error)\n")
        throw ExitCode.failure
    }
}
