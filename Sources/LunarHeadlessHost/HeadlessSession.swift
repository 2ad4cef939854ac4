import Foundation
import LunarBase
import LunarBridge
import LunarRuntime
import LunarUI

/// The headless loop of `lunar run` and `lunar dev`: prints the first screen, then carries out
/// one command of the headless command language (``HeadlessCommand``) per input line and
/// prints the screen after each; changed files are hot-reloaded between two commands.
///
/// A host feeds it lines (standard input, a test's list) and bundle events (a watcher, a dev
/// server's change feed) through one stream, so they are handled in the order they came.
public final class HeadlessSession {
    /// What the loop reacts to, in arrival order.
    public enum Input: Sendable {
        case line(String)
        case bundle(BundleEvent)
    }

    /// Where text goes: the screens (`output`) and the one-line diagnostics (`diagnostics`,
    /// each line already starting with `lunar: ` and ending in a newline).
    public typealias Sink = @Sendable (String) -> Void

    private let runtime: LunarRuntime
    private let keepsGoing: Bool
    private let output: Sink
    private let diagnostics: Sink
    private var lineNumber = 0

    /// - Parameters:
    ///   - runtime: the runtime to start (on a headless renderer).
    ///   - keepsGoing: report a command that cannot be carried out and go on
    ///     (`lunar dev`), instead of ending the session with it (`lunar run`).
    ///   - output: receives the screens; standard output by default.
    ///   - diagnostics: receives reload notices and reported failures; standard error by
    ///     default, with control characters escaped (the text quotes scripts and files).
    public init(
        runtime: LunarRuntime, keepsGoing: Bool = false,
        output: Sink? = nil, diagnostics: Sink? = nil
    ) {
        self.runtime = runtime
        self.keepsGoing = keepsGoing
        self.output = output ?? { StandardStream.output.write($0) }
        // What LunarCommands's SessionOutput.error does; the runtime cannot import the library above it.
        self.diagnostics = diagnostics ?? { StandardStream.error.write(terminalSafe($0)) }
    }

    /// Prints the first screen, then handles inputs until they end; unless it keeps going,
    /// throws a `MessageError` (one line, without the `lunar:` prefix) for the first command that cannot be carried out.
    ///
    /// - Parameter firstScreen: the first screen of a runtime the caller started already
    ///   (``LunarRuntime/startHeadless()``), to judge it before the session goes on (an update
    ///   that fails before its first screen is replaced); nil starts the runtime here.
    public func run(_ inputs: AsyncStream<Input>, firstScreen: String? = nil) async throws(MessageError) {
        if let firstScreen {
            output(firstScreen)
        } else {
            do {
                output(try await runtime.startHeadless())
            } catch {
                throw MessageError("\(error)")
            }
        }
        for await input in inputs {
            switch input {
            case .line(let line):
                do {
                    try await perform(line)
                } catch where keepsGoing {
                    diagnostics("lunar: \(error)\n")
                }
            case .bundle(.changed(let paths)):
                if let notice = await runtime.applyChanges(paths) { diagnostics("lunar: \(notice)\n") }
            case .bundle(.notice(let text)):
                diagnostics("lunar: \(text)\n")
            }
        }
    }

    private func perform(_ line: String) async throws(MessageError) {
        lineNumber += 1
        let command: HeadlessCommand?
        do {
            command = try HeadlessCommand.parse(line)
        } catch {
            throw MessageError("line \(lineNumber): \(error)")
        }
        guard let command else { return }
        do {
            try await runtime.perform(command)
        } catch {
            throw MessageError("line \(lineNumber): \(line): \(error)")
        }
        output("\n> " + line + "\n" + (await runtime.snapshot(showingFrames: command == .snapshotFrames)))
    }
}
