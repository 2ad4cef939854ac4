import ArgumentParser
import Foundation
import LunarBridge
import LunarRuntime

/// `lunar run BUNDLE`: opens the manifest's entry route. Headless (stdin not a
/// terminal, or `--headless`): reads commands from standard input, one per
/// line, and prints the screen after each; exits non-zero when a command
/// cannot be carried out.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a bundle: terminal UI on a TTY, headless text otherwise."
    )

    @Argument(help: "The bundle directory.")
    var bundle: String

    @Flag(help: "Read commands from standard input and print screens as text, even on a terminal.")
    var headless = false

    func run() async throws {
        try await reportingFailures { try await runBundle() }
    }

    func runBundle() async throws {
        let loaded: ScriptBundle
        do {
            loaded = try ScriptBundle(directory: URL(fileURLWithPath: bundle))
        } catch {
            throw ScriptFailure(message: "lunar: \(error)")
        }
        let runtime = try LunarRuntime(bundle: loaded)
        await runtime.onScriptError { error in
            FileHandle.standardError.write(Data(("lunar: script error: " + error.report + "\n").utf8))
        }
        try await runHeadless(runtime)
    }

    func runHeadless(_ runtime: LunarRuntime) async throws {
        let output = FileHandle.standardOutput
        do {
            output.write(Data(try await runtime.startHeadless().utf8))
        } catch {
            throw ScriptFailure(message: "lunar: \(error)")
        }
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            let command: HeadlessCommand?
            do {
                command = try HeadlessCommand.parse(line)
            } catch {
                throw ScriptFailure(message: "lunar: line \(lineNumber): \(error)")
            }
            guard let command else { continue }
            do {
                try await runtime.perform(command)
            } catch {
                throw ScriptFailure(message: "lunar: line \(lineNumber): \(line): \(error)")
            }
            output.write(Data(("\n> " + line + "\n" + (await runtime.snapshot())).utf8))
        }
    }
}
