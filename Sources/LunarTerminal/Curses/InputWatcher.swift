import CTerminal
import Dispatch
import Foundation
import LunarBase

/// Waits on a thread of its own until standard input has something to read or the terminal
/// was resized, then asks for a drain and waits until the drain is done.
///
/// It never calls curses: it only polls file descriptors, so every curses call stays on the
/// runtime's executor, where the drain job runs. One watcher watches once: ``start(_:)``,
/// then ``stop()``.
final class InputWatcher: Sendable {
    /// What woke the watcher.
    enum Wake: Sendable {
        /// Standard input is readable.
        case input
        /// SIGWINCH arrived: the terminal changed size.
        case resize
        /// The terminal went away; the watcher has stopped watching.
        case hangup
    }

    private let stopPipe: (read: Int32, write: Int32)
    private let resizePipe: (read: Int32, write: Int32)
    private let drained = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Makes the pipes and routes SIGWINCH into one of them.
    init() throws {
        stopPipe = try Self.makePipe()
        do {
            resizePipe = try Self.makePipe()
        } catch {
            close(stopPipe.read)
            close(stopPipe.write)
            throw error
        }
        // The signal handler must never block on a full pipe, and draining it must not either.
        _ = fcntl(resizePipe.read, F_SETFL, fcntl(resizePipe.read, F_GETFL) | O_NONBLOCK)
        _ = fcntl(resizePipe.write, F_SETFL, fcntl(resizePipe.write, F_GETFL) | O_NONBLOCK)
        lunar_terminal_watch_resize(resizePipe.write)
    }

    /// Starts the thread. `onWake` runs on it and must only hand the work to the executor;
    /// the watcher then waits for ``drained()`` before it looks at the input again.
    func start(_ onWake: @escaping @Sendable (Wake) -> Void) {
        let thread = Thread { [self] in
            watch(onWake)
            finished.signal()
        }
        thread.name = "lunar.terminal.input"
        thread.start()
    }

    /// Tells the watcher the drain it asked for is done (called on the executor).
    func drainDone() {
        drained.signal()
    }

    /// Ends the thread, waits for it, and puts the SIGWINCH handler back.
    func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        drained.signal()
        finished.wait()
        lunar_terminal_unwatch_resize()
        for fd in [stopPipe.read, stopPipe.write, resizePipe.read, resizePipe.write] { close(fd) }
    }

    private func watch(_ onWake: @Sendable (Wake) -> Void) {
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: resizePipe.read, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            for index in fds.indices { fds[index].revents = 0 }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                onWake(.hangup)
                return
            }
            if fds[2].revents != 0 { return }
            if fds[1].revents & Int16(POLLIN) != 0 {
                drainResizePipe()
                onWake(.resize)
            } else if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                onWake(.hangup)
                return
            } else if fds[0].revents & Int16(POLLIN) != 0 {
                onWake(.input)
            } else {
                continue
            }
            drained.wait()
        }
    }

    private func drainResizePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(resizePipe.read, &buffer, buffer.count) > 0 {}
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw MessageError("cannot create a pipe for terminal input: \(String(cString: strerror(errno)))")
        }
        return (fds[0], fds[1])
    }
}
