import Foundation
import Logging
import LunarBase
import LunarBridge
import LunarJSON
import LunarRuntime
import LunarServing
import NIOCore
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
/// Threading: the listener and the client are SwiftNIO channels (LunarServing's
/// ``ChannelServer``), read and written on their event loop: nothing sent to a client blocks the
/// executor, and a client that stops reading is dropped when its bounded queue is full. The work
/// on Lua runs on the runtime's executor, or, while the app is stopped at a breakpoint, in the
/// stop itself.
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
    private let listener: ChannelServer
    private let client = Mutex<DebugClient?>(nil)
    private let stopped = Mutex(false)
    static let logger = Logger(label: "lunar.debug")

    private init(host: String, token: String, listener: ChannelServer, debugger: LuaDebugger, paths: BundlePaths) {
        port = listener.port
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
    /// - Throws: `MessageError` when the address cannot be used or the token is too weak.
    public static func start(runtime: LunarRuntime, port: Int, host: String = "127.0.0.1", token: String? = nil) async throws -> DebugServer {
        if let token, let problem = tokenProblem(token) { throw MessageError(problem) }
        let token = token ?? LunarBase.randomToken()
        // Connections accepted before the server below exists are refused (it is set right after).
        let accepting = PendingServer()
        let listener = try await openListener(host: host, port: port) { channel in
            accepting.server?.accept(channel) ?? channel.close()
        }
        let executor = runtime.executor
        let debugger = await runtime.withHost { _, state in LuaDebugger(state: state, executor: executor) }
        let server = DebugServer(host: host, token: token, listener: listener, debugger: debugger,
                                 paths: BundlePaths(root: await runtime.bundle.root))
        accepting.set(server)
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
                    server.output("[\(level)] \(message)\n", category: level == "error" || level == "warn" ? "stderr" : "console",
                                  location: call.frame.stack.callerLocation())
                })
            }
        }
        await runtime.observeReloads { [weak server] _ in server?.reloaded() }
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
        listener.close()
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

    /// Whether `candidate` is the token (compared in time independent of where it differs).
    func accepts(token candidate: String) -> Bool { equalInConstantTime(candidate, token) }

    // MARK: Listening

    private static func openListener(host: String, port: Int, accept: @escaping @Sendable (any Channel) -> EventLoopFuture<Void>) async throws -> ChannelServer {
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1, (0...65535).contains(port) else {
            throw MessageError("the debugger's address \(host):\(port) is not an IPv4 address and port")
        }
        do {
            return try await ChannelServer.bind(host: host, port: port, initializeConnection: accept).get()
        } catch {
            // The system's words ("Address already in use"), as before the move to SwiftNIO.
            let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
            throw MessageError("the debugger cannot listen on \(host):\(port): \(reason)")
        }
    }

    /// A new connection (on its event loop): the client, unless one is attached already.
    private func accept(_ channel: any Channel) -> EventLoopFuture<Void> {
        guard !stopped.withLock({ $0 }) else { return channel.close() }
        let accepted = client.withLock { current -> DebugClient? in
            guard current == nil else { return nil }
            let next = DebugClient(server: self, connection: DAPConnection(channel: channel))
            current = next
            return next
        }
        guard let accepted else {
            Self.logger.warning("debugger: refused a second client (one is attached)")
            return channel.close()
        }
        // The debugger attaches once the client has sent the token (DebugClient.receive).
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(DAPChannelHandler(client: accepted))
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

    /// An `output` event; `location`, where the script logged it, becomes its `source` and
    /// `line`, so the editor links the line to the file.
    func output(_ text: String, category: String, location: LuaSourceLocation? = nil) {
        var body: [String: JSONValue] = ["category": .string(category), "output": .string(text)]
        if let location {
            var source: [String: JSONValue] = ["name": .string(location.file)]
            // A bundle file's path; a chunk loaded from a string (the console's) has none.
            if let path = paths.path(forChunk: "@" + location.file), FileManager.default.fileExists(atPath: path) {
                source["path"] = .string(path)
            }
            body["source"] = .object(source)
            body["line"] = .integer(location.line)
        }
        client.withLock { $0?.connection }?.event("output", body)
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

/// The server a listener hands its connections to, once it exists (held weakly: the listener
/// must not keep a server that was let go of).
private final class PendingServer: Sendable {
    private struct Weak { weak var server: DebugServer? }
    private let slot = Mutex(Weak())

    var server: DebugServer? { slot.withLock { $0.server } }

    func set(_ server: DebugServer) { slot.withLock { $0.server = server } }
}
