import Foundation

/// A child process started with a clean signal state and stopped with a bounded wait.
///
/// Foundation's `Process` hands the child the parent's signal mask. A parent that runs with
/// SIGTERM blocked (package-benchmark's runner did) then starts a child that ignores
/// `terminate()`, and `waitUntilExit()` spins forever. Here the child gets an empty mask and
/// default dispositions, and `stop()` escalates to SIGKILL after its grace period.
public final class ChildProcess {
    public let pid: pid_t
    private var exited = false

    /// Starts `path` with `arguments` (and this process's environment). Standard input and error
    /// go to /dev/null; standard output is this process's, or the descriptor `standardOutput`
    /// (the write end of a pipe: the child gets a copy, and the caller closes its own).
    public init(_ path: String, _ arguments: [String], standardOutput: Int32? = nil) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let standardOutput { posix_spawn_file_actions_adddup2(&actions, standardOutput, 1) }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let status = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw NSError(domain: "ChildProcess", code: Int(status),
                          userInfo: [NSLocalizedDescriptionKey: "cannot start \(path): \(String(cString: strerror(status)))"])
        }
        pid = child
    }

    /// Waits for the child to exit by itself; returns its raw wait status.
    @discardableResult
    public func wait() -> Int32 {
        var status: Int32 = 0
        guard !exited else { return status }
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        exited = true
        return status
    }

    /// Sends SIGTERM, waits up to `grace` seconds, then SIGKILL; returns once the child is reaped.
    public func stop(grace: Double = 5) {
        guard !exited else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(grace)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { exited = true; return }
            usleep(10_000)  // polling a child's exit: there is no portable wait with a timeout
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        exited = true
    }

    deinit { stop(grace: 0) }
}
