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

    private var runtime: LunarRuntime
    private let makeRuntime: () async throws -> LunarRuntime
    private var lineNumber = 0

    /// - Parameters:
    ///   - runtime: the runtime to start.
    ///   - makeRuntime: builds a runtime for the bundle as it is on disk now (for reloads).
    init(runtime: LunarRuntime, makeRuntime: @escaping () async throws -> LunarRuntime) {
        self.runtime = runtime
        self.makeRuntime = makeRuntime
    }

    /// Prints the first screen, then handles inputs until they end; throws a
    /// ScriptFailure for the first command that cannot be carried out.
    func run(_ inputs: AsyncStream<Input>) async throws {
        do {
            write(try await runtime.startHeadless())
        } catch {
            throw ScriptFailure(message: "lunar: \(error)")
        }
        for await input in inputs {
            switch input {
            case .line(let line): try await perform(line)
            case .bundleChanged(let paths):
                // The mock API and specs are not part of the running app.
                if paths.contains(where: { !$0.hasPrefix("mock-api/") && !$0.hasPrefix("spec/") }) { await reload(paths) }
            case .notice(let text): FileHandle.standardError.write(Data(("lunar: " + text + "\n").utf8))
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

    /// Applies changed files. Until `LunarRuntime.reload(changedFiles:)` is on
    /// main this re-creates the runtime (the app restarts at its entry route);
    /// a bundle that no longer starts leaves the running app in place.
    private func reload(_ paths: [String]) async {
        let list = paths.joined(separator: ", ")
        do {
            let fresh = try await makeRuntime()
            _ = try await fresh.startHeadless()
            runtime = fresh
            FileHandle.standardError.write(Data("lunar: reloaded \(list)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("lunar: reload of \(list) failed, the app keeps running: \(error)\n".utf8))
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
