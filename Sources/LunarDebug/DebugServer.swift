import Foundation
import Logging
import LunarBridge
import LunarJSON
import LunarRuntime
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Debug Adapter Protocol server for one running app: an editor (VS Code, any DAP client)
/// attaches over TCP and sets breakpoints, steps, and reads variables in the app's Lua.
///
/// ```swift
/// let runtime = try LunarRuntime(bundle: bundle)
/// let debugServer = try await DebugServer.start(runtime: runtime, port: 4711)   // 127.0.0.1
/// try await runtime.start(renderer: renderer)
/// ...
/// debugServer.stop()
/// ```
///
/// Who may connect: the stream must be DAP framing from its first byte (a browser's request,
/// with its request line and `Host`/`Origin` headers, is refused and closed unread), and the
/// client must send ``token`` in its `attach` arguments before anything but `initialize` is
/// answered. One client at a time (another is refused while one is attached). Until a client attaches,
/// Lua runs exactly as without a server; attached, only calls and returns are hooked, and line
/// events are on only in functions holding a breakpoint, or while stepping. A client that
/// disconnects, or sends bytes that are not DAP, is dropped: every breakpoint goes with it and
/// a stopped app goes on. Breakpoints are bound by file and line, so they survive hot reload.
///
/// Threading: the listener and each client have a thread of their own (a reader and a writer:
/// nothing sent to a client blocks the executor; a client that stops reading is dropped when its
/// bounded queue is full); the work on Lua runs on the runtime's executor, or, while the app is
/// stopped at a breakpoint, in the stop itself.
public final class DebugServer: Sendable {
    /// The port it listens on (the one asked for, or the one picked for 0).
    public let port: Int
    /// The address it listens on.
    public let host: String
    /// The secret a client sends as `token` in its `attach` arguments before it is served:
    /// random per start unless one was given to ``start(runtime:port:host:token:)``.
    public let token: String
    let debugger: LuaDebugger
    let paths: BundlePaths
    let book = BreakpointBook()
    private let listener: Int32
    private let client = Mutex<DebugClient?>(nil)
    private let stopped = Mutex(false)
    static let logger = Logger(label: "lunar.debug")

    private init(port: Int, host: String, token: String, listener: Int32, debugger: LuaDebugger, paths: BundlePaths) {
        self.port = port
        self.host = host
        self.token = token
        self.listener = listener
        self.debugger = debugger
        self.paths = paths
    }

    /// Starts listening on `host:port` (0 picks a free port) for `runtime`.
    ///
    /// - Parameters:
    ///   - host: loopback by default; any other address lets anyone who can reach it and knows
    ///     the token run code in the app (evaluate runs Lua).
    ///   - token: the token clients must send (``token``); nil makes a random one. At least 16
    ///     characters, printable ASCII without spaces.
    /// - Throws: ``DebugServerError`` when the address cannot be used or the token is too weak.
    public static func start(runtime: LunarRuntime, port: Int, host: String = "127.0.0.1", token: String? = nil) async throws -> DebugServer {
        if let token, let problem = tokenProblem(token) { throw DebugServerError(problem) }
        let token = token ?? randomToken()
        let listener = try openListener(host: host, port: port)
        let executor = runtime.executor
        let debugger = await runtime.withHost { _, state in LuaDebugger(state: state, executor: executor) }
        let server = DebugServer(port: listener.port, host: host, token: token, listener: listener.socket, debugger: debugger,
                                 paths: BundlePaths(root: await runtime.bundle.root))
        debugger.onEvent = { [weak server] event in server?.forward(event) }
        // What the app prints, and what it logs through lunar.log, reaches the client's console.
        await runtime.withHost { _, state in
            let previous = state.output
            state.output = { [weak server] text in
                previous(text)
                server?.output(text, category: "stdout")
            }
        }
        try? await runtime.withInterceptors { intercept in
            for level in ["debug", "info", "warn", "error"] {
                try intercept.call("lunar.log", level, .after { [weak server] call, _ in
                    guard let server, server.hasClient else { return }
                    let message = call.arguments.first?.stringValue ?? ""
                    server.output("[\(level)] \(message)\n", category: level == "error" || level == "warn" ? "stderr" : "console")
                })
            }
        }
        await runtime.observeReloads { [weak server] _ in server?.reloaded() }
        Thread.detachNewThread { server.acceptLoop() }
        return server
    }

    /// Stops listening and drops the client (its breakpoints removed, a stopped app resumed).
    /// Idempotent. Sends `terminated` to the client first.
    public func stop() {
        let first = stopped.withLock { wasStopped in
            defer { wasStopped = true }
            return !wasStopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        if let current = client.withLock({ $0 }) {
            current.connection.event("terminated")
            current.end()
        }
    }

    deinit { stop() }

    var hasClient: Bool { client.withLock { $0 != nil } }

    // MARK: The token

    /// Why `token` cannot be a debugger token, or nil.
    static func tokenProblem(_ token: String) -> String? {
        guard token.utf8.count >= 16 else { return "a debugger token must have at least 16 characters" }
        guard token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return "a debugger token must be printable ASCII without spaces"
        }
        return nil
    }

    /// 128 random bits, as hex.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Whether `candidate` is the token (compared in time independent of where it differs).
    func accepts(token candidate: String) -> Bool {
        let a = Array(token.utf8), b = Array(candidate.utf8)
        var difference = a.count ^ b.count
        for i in 0..<min(a.count, b.count) { difference |= Int(a[i] ^ b[i]) }
        return difference == 0
    }

    // MARK: Listening

    private static func openListener(host: String, port: Int) throws -> (socket: Int32, port: Int) {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw DebugServerError("cannot open a socket for the debugger") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1, (0...65535).contains(port) else {
            close(fd)
            throw DebugServerError("the debugger's address \(host):\(port) is not an IPv4 address and port")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 4) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw DebugServerError("the debugger cannot listen on \(host):\(port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func acceptLoop() {
        while !stopped.withLock({ $0 }) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let accepted = client.withLock { current -> DebugClient? in
                guard current == nil else { return nil }
                let next = DebugClient(server: self, connection: DAPConnection(socket: connection))
                current = next
                return next
            }
            guard let accepted else {
                Self.logger.warning("debugger: refused a second client (one is attached)")
                close(connection)
                continue
            }
            // The debugger attaches once the client has sent the token (DebugClient.run).
            Thread.detachNewThread { accepted.run() }
        }
    }

    /// A client is gone: detach (breakpoints removed, a stopped app resumed).
    func clientEnded(_ ended: DebugClient) {
        let wasCurrent = client.withLock { current -> Bool in
            guard current === ended else { return false }
            current = nil
            return true
        }
        guard wasCurrent else { return }
        // An evaluation running in a stop ends now, so the detach below is not kept waiting.
        debugger.cancelEvaluation()
        let book = self.book
        debugger.submit { debugger in
            book.removeAll()
            debugger.detach()
        }
    }

    // MARK: Events

    private func forward(_ event: LuaDebugEvent) {
        guard let connection = client.withLock({ $0?.connection }) else { return }
        switch event {
        case .stopped(let reason):
            var body: [String: JSONValue] = ["threadId": 1, "allThreadsStopped": true]
            switch reason {
            case .breakpoint: body["reason"] = "breakpoint"
            case .step: body["reason"] = "step"
            case .pause: body["reason"] = "pause"
            case .exception(let message):
                body["reason"] = "exception"
                body["description"] = "Paused on a script error"
                body["text"] = .string(message)
            }
            connection.event("stopped", body)
        case .resumed:
            connection.event("continued", ["threadId": 1, "allThreadsContinued": true])
        case .output(let text):
            connection.event("output", ["category": "console", "output": .string(text)])
        }
    }

    func output(_ text: String, category: String) {
        client.withLock { $0?.connection }?.event("output", ["category": .string(category), "output": .string(text)])
    }

    /// After a hot reload (on the executor): breakpoints bind to the new functions by themselves;
    /// those whose line no longer holds code move, and the client hears of it.
    private func reloaded() {
        guard let connection = client.withLock({ $0?.connection }) else { return }
        let moved = book.replace(codeLines: { chunk in codeLines(chunk) }, debugger: debugger)
        for entry in moved {
            connection.event("breakpoint", ["reason": "changed", "breakpoint": DebugClient.describe(entry)])
        }
    }

    /// The lines with code of a bundle file now on disk (executor only).
    func codeLines(_ chunk: String) -> Set<Int>? {
        guard let path = paths.path(forChunk: chunk), let data = FileManager.default.contents(atPath: path) else { return nil }
        return debugger.codeLines(of: data, chunk: chunk)
    }
}

/// The debugger's address cannot be used.
public struct DebugServerError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
