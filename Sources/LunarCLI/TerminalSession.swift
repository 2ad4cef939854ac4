import Foundation
import LunarBridge
import LunarRuntime
import LunarTerminal

/// Runs a bundle in the interactive terminal UI until the user quits.
enum TerminalSession {
    /// Standard input and output are both a terminal.
    static var isInteractive: Bool { isatty(0) != 0 && isatty(1) != 0 }

    /// Logs and script errors would draw over the UI: while it runs, standard
    /// error goes to a log file, named when the UI closes.
    static func redirectStandardError() -> (restore: () -> Void, path: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-\(getpid()).log").path
        let saved = dup(2)
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard saved >= 0, file >= 0 else { return ({}, path) }
        dup2(file, 2)
        close(file)
        return ({ dup2(saved, 2); close(saved) }, path)
    }

    static func run(_ runtime: LunarRuntime) async throws {
        let (restore, logPath) = redirectStandardError()
        defer {
            restore()
            if let size = try? FileManager.default.attributesOfItem(atPath: logPath)[.size] as? Int, size > 0 {
                StandardError.write("lunar: logs and script errors are in \(logPath)\n")
            } else {
                try? FileManager.default.removeItem(atPath: logPath)
            }
        }
        let executor = runtime.executor
        let (quits, quit) = AsyncStream<Void>.makeStream()
        let renderer = TerminalRenderer(hop: { job in executor.enqueue(job) }, onQuit: { quit.yield(()) })
        do {
            try await runtime.start(renderer: renderer)
            try await runtime.withHost { host, _ in try (host.renderer as? TerminalRenderer)?.start() }
        } catch {
            await runtime.withHost { host, _ in (host.renderer as? TerminalRenderer)?.stop() }
            throw ScriptFailure(message: "lunar: \(error)")
        }
        for await _ in quits { break }
        await runtime.withHost { host, _ in (host.renderer as? TerminalRenderer)?.stop() }
    }
}
