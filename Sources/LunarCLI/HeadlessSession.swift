import Foundation
import LunarRuntime

/// The headless loop of `lunar run`: prints the first screen, then carries out
/// one command per input line and prints the screen after each; a reload
/// swaps in the changed bundle between two commands.
final class HeadlessSession {
    /// What the loop reacts to, in arrival order.
    enum Input: Sendable {
        case line(String)
        case bundleChanged([String])
        case notice(String)
    }

    private let runtime: LunarRuntime
    private let keepsGoing: Bool
    private var lineNumber = 0

    /// - Parameters:
    ///   - runtime: the runtime to start.
    ///   - keepsGoing: report a command that cannot be carried out and go on
    ///     (`lunar dev`), instead of ending the session with it (`lunar run`).
    init(runtime: LunarRuntime, keepsGoing: Bool = false) {
        self.runtime = runtime
        self.keepsGoing = keepsGoing
    }

    /// Prints the first screen, then handles inputs until they end; unless it
    /// keeps going, throws a ScriptFailure for the first command that cannot
    /// be carried out.
    func run(_ inputs: AsyncStream<Input>) async throws {
        do {
            write(try await runtime.startHeadless())
        } catch {
            throw ScriptFailure(message: "lunar: \(error)")
        }
        for await input in inputs {
            switch input {
            case .line(let line):
                do {
                    try await perform(line)
                } catch let failure as ScriptFailure where keepsGoing {
                    StandardError.write(failure.message + "\n")
                }
            case .bundleChanged(let paths):
                // The mock API and specs are not part of the running app.
                if paths.contains(where: { !$0.hasPrefix("mock-api/") && !$0.hasPrefix("spec/") }) { await reload(paths) }
            case .notice(let text): StandardError.write("lunar: " + text + "\n")
            }
        }
    }

    private func perform(_ line: String) async throws {
        lineNumber += 1
        let command: HeadlessCommand?
        do {
            command = try HeadlessCommand.parse(line)
        } catch {
            throw ScriptFailure(message: "lunar: line \(lineNumber): \(error)")
        }
        guard let command else { return }
        do {
            try await runtime.perform(command)
        } catch {
            throw ScriptFailure(message: "lunar: line \(lineNumber): \(line): \(error)")
        }
        write("\n> " + line + "\n" + (await runtime.snapshot()))
    }

    /// Applies changed files to the running app (hot reload: state is kept;
    /// a file that fails shows an overlay while the last good code runs).
    private func reload(_ paths: [String]) async {
        let report = await runtime.reload(changedFiles: paths)
        let list = paths.joined(separator: ", ")
        if report.failed.isEmpty {
            StandardError.write("lunar: reloaded \(list)\n")
        } else {
            StandardError.write("lunar: reload of \(report.failed.joined(separator: ", ")) failed, the app keeps running\n")
        }
        for note in report.notes { StandardError.write("lunar: \(note)\n") }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
