import Dispatch
import Foundation

/// Removes what a command must not leave behind (the files a `.lunar` archive was opened
/// into) when the command is stopped by SIGINT, SIGTERM or SIGHUP: the signal is caught on a
/// dispatch queue (not in a signal handler), the paths are removed, and the signal is raised
/// again with its default action, so the exit status still says how the command ended. What a
/// crash or SIGKILL leaves, the next command that opens an archive removes
/// (`BundleArchive.removeAbandonedExtractions`).
public final class StopCleanup: @unchecked Sendable {
    public static let shared = StopCleanup()
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    private let lock = NSLock()
    private var paths: [URL] = []
    private var sources: [any DispatchSourceSignal] = []

    /// Removes `url` if the command is stopped by a signal before ``forget(_:)``.
    public func removeOnStop(_ url: URL) {
        lock.withLock {
            paths.append(url)
            guard sources.isEmpty else { return }
            for number in Self.signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [unowned self] in stop(by: number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// `url` was removed the ordinary way.
    public func forget(_ url: URL) {
        lock.withLock { paths.removeAll { $0 == url } }
    }

    private func stop(by number: Int32) {
        let list = lock.withLock { paths }
        for url in list { try? FileManager.default.removeItem(at: url) }
        signal(number, SIG_DFL)
        // To the process, not this thread: dispatch's threads block signals, so a raise() here
        // would stay pending.
        kill(getpid(), number)
    }
}
