import Foundation
import Logging
import LunarRuntime
import LunarTerminal

/// Runs a bundle in the interactive terminal UI until the user quits.
///
/// Logs and script errors would draw over the UI: while it runs, standard error goes to a log
/// file (named when the UI closes, removed when nothing was written). Bundle events (a
/// watcher's saves, a dev server's change feed) are applied as they come: what each reload did
/// shows on the renderer's status line and goes to the log through the `lunar.session` logger
/// (`info` for a reload, `error` for a failure, so `--log-level` decides what is kept).
public enum TerminalSession {
    /// Standard input and output are both a terminal.
    public static var isInteractive: Bool { isatty(0) != 0 && isatty(1) != 0 }

    private static let logger = Logger(label: "lunar.session")

    /// Starts `runtime` on a terminal renderer and runs until the user quits.
    ///
    /// - Parameters:
    ///   - events: applied to the running app in order; nil when nothing changes the bundle.
    ///   - status: shown on the status line (and logged) once the UI is up, such as where
    ///     `lunar dev` serves the bundle.
    ///   - started: called once the first screen is up (an update is then known to be good).
    public static func run(
        _ runtime: LunarRuntime, events: AsyncStream<BundleEvent>? = nil, status: String? = nil,
        started: (@Sendable () async -> Void)? = nil
    ) async throws {
        let log = LogFile.redirectStandardError()
        defer {
            log.restore()
            if log.isEmpty {
                log.remove()
            } else {
                SessionOutput.error("lunar: logs and script errors are in \(log.path)\n")
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
            throw error
        }
        await started?()
        if let status {
            logger.info("\(status)")
            await show(status, isError: false, on: runtime)
        }
        // One consumer, so saves apply in the order they happened.
        let feed = Task {
            guard let events else { return }
            for await event in events {
                switch event {
                case .changed(let paths):
                    guard let notice = await runtime.applyChanges(paths) else { continue }
                    if notice.isFailure { logger.error("\(notice)") } else { logger.info("\(notice)") }
                    await show(notice.text, isError: notice.isFailure, on: runtime)
                case .notice(let text):
                    logger.warning("\(text)")
                    await show(text, isError: false, on: runtime)
                }
            }
        }
        defer { feed.cancel() }
        for await _ in quits { break }
        await runtime.withHost { host, _ in (host.renderer as? TerminalRenderer)?.stop() }
    }

    private static func show(_ text: String, isError: Bool, on runtime: LunarRuntime) async {
        await runtime.withHost { host, _ in (host.renderer as? TerminalRenderer)?.showStatus(text, isError: isError) }
    }
}

/// Standard error sent to a file while the terminal UI owns the screen.
struct LogFile {
    /// The file: `lunar-PID.log` in the temporary directory (`TMPDIR`).
    let path: String
    /// Puts standard error back.
    let restore: () -> Void

    /// Points standard error (descriptor 2: `FileHandle.standardError`, C's `stderr`, the
    /// loggers) at a new log file.
    static func redirectStandardError() -> LogFile {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lunar-\(getpid()).log").path
        let saved = dup(2)
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard saved >= 0, file >= 0 else { return LogFile(path: path, restore: {}) }
        dup2(file, 2)
        close(file)
        return LogFile(path: path, restore: { dup2(saved, 2); close(saved) })
    }

    var isEmpty: Bool {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) == 0
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
