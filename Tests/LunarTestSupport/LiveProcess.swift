import Foundation

/// A `lunar` process whose output a test reads while it runs and whose
/// standard input it writes line by line.
// Process and FileHandle are used from the test task only; output crosses threads through the mutex.
public final class LiveProcess: @unchecked Sendable {
    public static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lunar")
    }

    private struct Output: Sendable {
        var out = ""
        var err = ""
        /// How many of the two pipes reached their end.
        var closed = 0
    }

    private let process: Process
    private let input: FileHandle
    private let output = Awaited(Output()) { "stdout: \($0.out)\nstderr: \($0.err)" }

    public init(_ arguments: [String]) throws {
        process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        input = stdin.fileHandleForWriting
        try process.run()
        read(out.fileHandleForReading, toStandardError: false)
        read(err.fileHandleForReading, toStandardError: true)
    }

    private func read(_ handle: FileHandle, toStandardError: Bool) {
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                let text = String(decoding: data, as: UTF8.self)
                output.update { o in
                    if data.isEmpty { o.closed += 1 } else if toStandardError { o.err += text } else { o.out += text }
                }
                if data.isEmpty { return }
            }
        }
        thread.start()
    }

    public var standardOutput: String { output.read { $0.out } }
    public var standardError: String { output.read { $0.err } }

    /// Writes one line to the process's standard input.
    public func send(_ line: String) {
        input.write(Data((line + "\n").utf8))
    }

    /// Closes standard input and waits for the exit status.
    public func finish() async throws -> Int32 {
        try input.close()
        try await waitFor("the process to close its output") { _, _, closed in closed }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Ends the process (SIGTERM) and waits for it.
    public func terminate() {
        process.terminate()
        process.waitUntilExit()
    }

    /// Waits until standard output contains `text`.
    public func waitForOutput(_ text: String, within seconds: Double = 30) async throws {
        try await waitFor("output containing \(text.debugDescription)", within: seconds) { out, _, _ in out.contains(text) }
    }

    /// Waits until standard error contains `text` (at least `times` times).
    public func waitForError(_ text: String, times: Int = 1, within seconds: Double = 30) async throws {
        try await waitFor("standard error containing \(text.debugDescription) \(times) time(s)", within: seconds) { _, err, _ in
            err.components(separatedBy: text).count - 1 >= times
        }
    }

    private func waitFor(_ what: String, within seconds: Double = 30, _ check: @escaping @Sendable (String, String, Bool) -> Bool) async throws {
        try await output.wait(for: what, within: seconds) { o in check(o.out, o.err, o.closed == 2) ? () : nil }
    }
}

/// Fails a test that waited too long for something that should have happened.
public struct TimedOut: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// Runs `body`, failing with ``TimedOut`` if it has not finished after `seconds`.
public func withTimeout<T: Sendable>(_ seconds: Double = 20, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            throw TimedOut(description: "not done within \(seconds) s")
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
