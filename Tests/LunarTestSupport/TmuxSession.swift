import Foundation

/// A private tmux server (its own socket, no user config) running one program in a detached
/// session of a fixed size: a terminal a test can type into and read, as a person would.
///
/// A control-mode client (`tmux -C`, which leaves the size alone) reports every change of the
/// pane into an ``Awaited``, so waiting for a screen re-reads it only when something changed.
public final class TmuxSession {
    /// Where tmux is, or nil when it is not installed.
    public static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("tmux") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    private let tmux: URL
    /// The server's socket, ours alone, removed by ``kill()``.
    private let socket = FileManager.default.temporaryDirectory
        .appendingPathComponent("lunar-tmux-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    private let target = "demo"

    /// What the control client has reported: how many notifications, and whether it has ended.
    private struct Notifications: Sendable {
        var count = 0
        var ended = false
    }

    private let notifications = Awaited(Notifications()) { "\($0.count) tmux notifications" }
    /// The control client's process and the write end of its standard input (closing it detaches).
    private var control: (pid: pid_t, input: Int32)?

    /// Starts `command` in a `width` × `height` session.
    public init(_ command: [String], width: Int, height: Int) throws {
        guard let tmux = Self.executable else { throw TmuxError("tmux is not installed") }
        self.tmux = tmux
        try run(["new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)"] + command)
        try attachControlClient()
    }

    deinit {
        kill()
    }

    /// Ends the session and its server; safe to call more than once.
    public func kill() {
        // kill-server alone can leave the server running (seen with tmux 3.3a after many
        // clients); a server with no session left exits by itself.
        _ = try? run(["kill-session", "-t", target])
        _ = try? run(["kill-server"])
        unlink(socket)
        if let control {
            close(control.input)
            var status: Int32 = 0
            while waitpid(control.pid, &status, 0) < 0, errno == EINTR {}
            self.control = nil
        }
    }

    /// Sends key names (`Tab`, `Enter`, `Escape`, `BSpace`) as key presses.
    public func press(_ keys: String...) throws {
        try run(["send-keys", "-t", target] + keys)
    }

    /// Sends `text` literally, one key per character.
    public func type(_ text: String) throws {
        try run(["send-keys", "-t", target, "-l", text])
    }

    /// Resizes the window, which the program sees as SIGWINCH.
    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen, one string per row, trailing spaces removed.
    public func capture() throws -> [String] {
        let text = try run(["capture-pane", "-p", "-t", target])
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The visible screen with its attributes and colours as escape sequences (`capture-pane -e`).
    public func captureWithAttributes() throws -> String {
        try run(["capture-pane", "-e", "-p", "-t", target])
    }

    /// Waits until `condition` holds on the screen and returns that screen, reading it again
    /// after each change the control client reports; fails with the last screen seen when
    /// `timeout` passes first, or the session ends.
    @discardableResult
    public func waitForScreen(
        _ what: String, timeout: Duration = .seconds(20),
        until condition: ([String]) -> Bool
    ) async throws -> [String] {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var screen = try capture()
        while !condition(screen) {
            // Counted before the capture, so a change during it is not missed.
            let seen = notifications.read { $0.count }
            screen = try capture()
            if condition(screen) { break }
            let left = deadline - clock.now
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            do {
                guard seconds > 0, !notifications.read(\.ended) else { throw TimedOut(description: what) }
                try await notifications.wait(for: "a change of the screen", within: seconds) { $0.count > seen || $0.ended ? () : nil }
            } catch is TimedOut {
                throw TmuxError("timed out waiting for \(what); the screen shows:\n\(screen.joined(separator: "\n"))")
            }
            screen = try capture()
        }
        return screen
    }

    /// Waits until the session's program has exited: the session ends with it, and so does
    /// the control client. Throws ``TimedOut`` after `timeout`.
    public func waitForExit(_ what: String, timeout: Duration = .seconds(20)) async throws {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        try await notifications.wait(for: what, within: seconds) { $0.ended ? () : nil }
    }

    /// Attaches a control-mode client that never sizes the window and only reads; each line it
    /// writes (pane output, a layout change, the session's end) updates ``notifications``.
    private func attachControlClient() throws {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw TmuxError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in inherited.compactMap({ Int32($0) }) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        let argv = [tmux.path, "-S", socket, "-f", "/dev/null", "-C", "attach-session", "-t", target, "-f", "ignore-size,read-only"]
        var cArguments = argv.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        cArguments.append(nil)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux.path, &actions, nil, &cArguments, environ)
        close(input[0])
        close(output[1])
        guard spawned == 0 else {
            close(input[1])
            close(output[0])
            throw TmuxError("cannot run tmux -C: error \(spawned)")
        }
        control = (pid, input[1])
        let notifications = self.notifications
        let fd = output[0]
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count > 0 {
                    notifications.update { $0.count += 1 }
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(fd)
            notifications.update { $0.ended = true }
        }.start()
    }

    /// Runs tmux with `arguments` and returns what it printed (read only for capture-pane:
    /// the server new-session forks keeps the client's descriptors, so reading another
    /// command's output to its end would wait for the server).
    ///
    /// posix_spawn and waitpid rather than Foundation's Process, whose exit monitoring does
    /// not always reap a child on Linux when called from a test's task.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let argv = [tmux.path, "-S", socket, "-f", "/dev/null"] + arguments
        let capturesOutput = arguments.first == "capture-pane"
        var output: [Int32] = [-1, -1]
        if capturesOutput, pipe(&output) != 0 { throw TmuxError("pipe failed") }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturesOutput {
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_addclose(&actions, output[0])
            posix_spawn_file_actions_addclose(&actions, output[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The server new-session forks must not hold the test runner's pipes open. (A
        // descriptor closed meanwhile is fine: glibc ignores closing one that is not open.)
        let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in inherited.compactMap({ Int32($0) }) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }

        var cArguments = argv.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        cArguments.append(nil)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux.path, &actions, nil, &cArguments, environ)
        var data = [UInt8]()
        if capturesOutput {
            close(output[1])
            var buffer = [UInt8](repeating: 0, count: 4096)
            while spawned == 0 {
                let count = read(output[0], &buffer, buffer.count)
                if count > 0 { data += buffer[0..<count] } else if count == 0 || errno != EINTR { break }
            }
            close(output[0])
        }
        guard spawned == 0 else { throw TmuxError("cannot run tmux: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift cannot import.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw TmuxError("tmux \(arguments.joined(separator: " ")) failed with status \(status)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A tmux command failed.
public struct TmuxError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
