import ArgumentParser
import Foundation
import LunarBridge
import LunarRuntime

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
        try await reportingFailures {
            let (executor, failed) = try await execute()
            // The engine's executor drops the state as it stops: let it, before the process exits.
            executor.waitUntilStopped(timeout: RuntimeScope.stopTimeout)
            if failed { throw ExitCode(1) }
        }
    }

    /// Runs the script and waits for its work; returns the executor of the engine it dropped
    /// and whether any error was reported.
    func execute() async throws -> (executor: LuaExecutor, failed: Bool) {
        let root: URL
        if let file {
            root = URL(fileURLWithPath: file).deletingLastPathComponent()
        } else {
            root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        }
        let options = LuaStateOptions(
            memoryLimit: memoryLimitMB.map { $0 << 20 },
            instructionBudget: instructionBudget
        )
        let engine: LuaEngine
        do {
            engine = try await ScriptModules.engine(forScriptsIn: root, options: options)
        } catch {
            throw ScriptFailure(message: "lunar: \(error)")
        }
        let failures = FailureCount()
        await engine.withState { state in
            state.errorHandler = { error in
                failures.increment()
                StandardError.write("lunar: uncaught error: " + error.report + "\n")
            }
        }
        do {
            if let code {
                try await engine.runMain(code, name: "=(command line)")
            } else if let file {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
                      FileManager.default.isReadableFile(atPath: file) else {
                    throw ScriptFailure(message: "lunar: cannot read \(file): \(isDirectory.boolValue ? "it is a directory" : "no such readable file")")
                }
                try await engine.runFile(URL(fileURLWithPath: file))
            }
        } catch let error as LuaScriptError {
            failures.increment()
            StandardError.write("lunar: " + error.report + "\n")
        } catch let failure as ScriptFailure {
            failures.increment()
            StandardError.write(failure.message + "\n")
        } catch {
            failures.increment()
            StandardError.write("lunar: \(error)\n")
        }
        await engine.waitUntilIdle()
        return (engine.executor, failures.value > 0)
    }
}

/// Counts uncaught errors from any callback.
final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
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
        StandardError.write(failure.message + "\n")
        throw ExitCode.failure
    } catch let error where !(error is ExitCode || error is CleanExit || error is ValidationError) {
        // One line, escaped: the message may quote a bundle's or a script's text.
        StandardError.write("lunar: \(error)\n")
        throw ExitCode.failure
    }
}
