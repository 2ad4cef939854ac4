import Foundation

/// A private tmux server (its own socket, no user config) running one program in a detached
/// session of a fixed size: a terminal a test can type into and read, as a person would.
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

    /// Starts `command` in a `width` × `height` session.
    public init(_ command: [String], width: Int, height: Int) throws {
        guard let tmux = Self.executable else { throw TmuxError("tmux is not installed") }
        self.tmux = tmux
        try run(["new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)"] + command)
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

    /// Polls the screen until `condition` holds and returns that screen; fails with the last
    /// screen seen when `timeout` passes first.
    @discardableResult
    public func waitForScreen(
        _ what: String, timeout: Duration = .seconds(20),
        until condition: ([String]) -> Bool
    ) async throws -> [String] {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var screen = try capture()
        while !condition(screen) {
            guard clock.now < deadline else {
                throw TmuxError("timed out waiting for \(what); the screen shows:\n\(screen.joined(separator: "\n"))")
            }
            try await Task.sleep(for: .milliseconds(25))
            screen = try capture()
        }
        return screen
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
