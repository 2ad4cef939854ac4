import Foundation
import LunarBase
import LunarBundle
import LunarDebug
import LunarDevServer
import LunarDevtools
import LunarHeadlessHost
import LunarMockAPI
import LunarRuntime
import LunarWeb

/// Runs a bundle the way the `lunar` command does: in the terminal UI when a person is at a
/// terminal, otherwise headless (commands from standard input, screens on standard output);
/// bundle events (saves, a dev server's changes) reach the running app in order either way.
public enum BundleSession {
    /// How the session talks to its user.
    public enum Interface: Sendable, Equatable {
        /// The terminal UI (``TerminalSession``).
        case terminal
        /// The headless loop (``HeadlessSession``). `keepsGoing`: a failing command is
        /// reported and the session goes on (`lunar dev`); `endsWithInput`: the end of standard
        /// input ends the session (`lunar run`; `lunar dev` runs until interrupted).
        case headless(keepsGoing: Bool, endsWithInput: Bool)
        /// Browser tabs (``WebSession``), each its own app, served as `configuration` says,
        /// until the process is interrupted.
        case web(WebServer.Configuration)
    }

    /// The terminal UI when standard input and output are a terminal and `headless` was not
    /// asked for; the headless loop otherwise, as `lunar run` (`development: false`) or
    /// `lunar dev` (`development: true`) runs it.
    public static func interface(headless: Bool, development: Bool) -> Interface {
        if !headless, TerminalSession.isInteractive { return .terminal }
        return .headless(keepsGoing: development, endsWithInput: !development)
    }

    /// A runtime for `bundle` as the `lunar` command makes it: `native.host` registered
    /// (naming `renderer`), and script errors reported on standard error.
    public static func makeRuntime(_ bundle: ScriptBundle, _ options: RuntimeOptions, renderer: String) async throws -> LunarRuntime {
        let runtime = try LunarRuntime(bundle: bundle, options: options)
        await runtime.register(HostModule.module(renderer: renderer))
        await runtime.onScriptError { error in
            SessionOutput.error("lunar: script error: " + error.report + "\n")
        }
        return runtime
    }

    /// Runs `bundle` until the user quits (terminal UI), the session ends (headless) or the
    /// process is interrupted (web).
    ///
    /// - Parameters:
    ///   - events: changes to apply while it runs; nil when the bundle does not change.
    ///   - status: a line for the terminal UI's status line once it is up (the headless
    ///     session's user has it on standard error already).
    ///   - debugPort: listen for a Debug Adapter Protocol client on 127.0.0.1 at this port
    ///     (0 picks one) while the app runs; nil: no debugger.
    ///   - devtoolsPort: serve the inspector (`/devtools`) on 127.0.0.1 at this port (0 picks
    ///     one) and print its address on standard error; nil: no inspector. A web app has
    ///     its inspector at `/devtools` of its own server, so the port is not used there.
    /// - Throws: `MessageError` for a headless command that cannot be carried
    ///   out, a `BundleError` when the bundle cannot start, `MessageError` when the
    ///   debugger's or the inspector's port cannot be used.
    public static func run(
        _ bundle: ScriptBundle, options: RuntimeOptions, interface: Interface,
        events: AsyncStream<BundleEvent>? = nil, status: String? = nil, debugPort: Int? = nil,
        devtoolsPort: Int? = nil
    ) async throws {
        switch interface {
        case .terminal:
            let runtime = try await makeRuntime(bundle, options, renderer: "terminal")
            let debugServer = try await startDebugger(runtime, port: debugPort)
            defer { debugServer?.stop() }
            let devtools = try await startDevtools(runtime, port: devtoolsPort, label: "terminal")
            let shown = [status, debugServer.map { "debugger on \($0.host):\($0.port)" },
                         devtools.map { "inspector at \($0.url.absoluteString)" }].compactMap { $0 }.joined(separator: " · ")
            do {
                try await TerminalSession.run(runtime, events: events, status: shown.isEmpty ? nil : shown)
            } catch {
                await devtools?.stop()
                throw error
            }
            await devtools?.stop()
        case .web(let configuration):
            guard debugPort == nil else {
                throw MessageError("--debug attaches to one runtime; with --web every tab has its own, so the two do not combine yet")
            }
            try await WebSession.run(bundle, options: options, configuration: configuration, events: events)
        case .headless(let keepsGoing, let endsWithInput):
            let (inputs, feed) = AsyncStream<HeadlessSession.Input>.makeStream()
            let lines = Task {
                for await line in StandardInputLines.stream() { feed.yield(.line(line)) }
                if endsWithInput { feed.finish() }
            }
            let changes = Task {
                guard let events else { return }
                for await event in events { feed.yield(.bundle(event)) }
            }
            defer {
                lines.cancel()
                changes.cancel()
            }
            try await RuntimeScope.run({ try await makeRuntime(bundle, options, renderer: "headless") }) { runtime in
                let debugServer = try await startDebugger(runtime, port: debugPort)
                defer { debugServer?.stop() }
                let devtools = try await startDevtools(runtime, port: devtoolsPort, label: "headless")
                do {
                    try await HeadlessSession(runtime: runtime, keepsGoing: keepsGoing).run(inputs)
                } catch {
                    await devtools?.stop()
                    throw error
                }
                await devtools?.stop()
            }
        }
    }

    /// The debugger for `runtime` on 127.0.0.1:`port`, announced on standard error; nil without a port.
    static func startDebugger(_ runtime: LunarRuntime, port: Int?) async throws -> DebugServer? {
        guard let port else { return nil }
        let server: DebugServer
        do {
            // LUNAR_DEBUG_TOKEN: a fixed token an editor's configuration can hold (docs/debugging.md).
            let token = ProcessInfo.processInfo.environment["LUNAR_DEBUG_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            server = try await DebugServer.start(runtime: runtime, port: port, token: token)
        } catch {
            throw MessageError("\(error)")
        }
        SessionOutput.error("lunar: debugger listening on \(server.host):\(server.port) (Debug Adapter Protocol; attach from your editor)\n")
        SessionOutput.error("lunar: debugger token: \(server.token) (send it as \"token\" in the attach arguments)\n")
        return server
    }

    /// The inspector for `runtime` on 127.0.0.1:`port`, its address printed alone on a line of
    /// standard error; nil without a port.
    static func startDevtools(_ runtime: LunarRuntime, port: Int?, label: String) async throws -> DevtoolsServer? {
        guard let port else { return nil }
        let server: DevtoolsServer
        do {
            server = try await DevtoolsServer.start(runtime: runtime, port: port, label: label)
        } catch {
            throw ServeSession.cannotServe(host: "127.0.0.1", port: port, error)
        }
        SessionOutput.error(server.url.absoluteString + "\n")
        return server
    }

    /// Runs a bundle from disk (`lunar run DIR` or an opened archive). The network layer's base
    /// URL is `apiBaseURL` when given; otherwise, when `mockAPI` is true and the bundle has a
    /// `mock-api/` directory, its mock API served on loopback for the session.
    ///
    /// - Throws: `MessageError` when the mock API cannot be served; what ``run(_:options:interface:events:status:)`` throws.
    public static func runLocal(
        _ bundle: ScriptBundle, options: RuntimeOptions, apiBaseURL: URL?, mockAPI: Bool, interface: Interface,
        debugPort: Int? = nil, devtoolsPort: Int? = nil
    ) async throws {
        if let apiBaseURL {
            var options = options
            options.apiBaseURL = apiBaseURL
            try await run(bundle, options: options, interface: interface, debugPort: debugPort, devtoolsPort: devtoolsPort)
            return
        }
        try await MockAPIScope.run(for: mockAPI ? bundle : nil) { mockAPI in
            var options = options
            if let mockAPI { options.apiBaseURL = mockAPI }
            try await run(bundle, options: options, interface: interface, debugPort: debugPort, devtoolsPort: devtoolsPort)
        }
    }

    /// The saves a watcher sees, as bundle events, until the stream is dropped.
    public static func events(from watcher: BundleWatcher) throws -> AsyncStream<BundleEvent> {
        let (events, continuation) = AsyncStream<BundleEvent>.makeStream()
        let subscription = try watcher.start { paths in continuation.yield(.changed(paths)) }
        continuation.onTermination = { _ in watcher.remove(subscription) }
        return events
    }
}

/// A bundle a dev server serves, downloaded into a cache and followed: what
/// `lunar run http://HOST:PORT/` runs.
public struct RemoteSession: Sendable {
    /// The downloaded bundle.
    public let bundle: ScriptBundle
    /// The dev server's mock API, when it was asked for.
    public let mockAPI: URL?
    /// The server's changes, downloaded before each is reported, and notices when the feed
    /// drops (it reconnects by itself); ends when dropped.
    public let events: AsyncStream<BundleEvent>

    /// Connects to `server`, downloads its bundle into `cacheDirectory` (by default
    /// ``RemoteBundle/defaultCacheDirectory(for:)``) and starts following it.
    ///
    /// - Parameter mockAPI: whether to ask the server where its mock API is.
    /// - Throws: `MessageError` naming the server and what to do.
    public static func open(server: URL, cacheDirectory: URL? = nil, mockAPI wanted: Bool) async throws -> RemoteSession {
        let remote: RemoteBundle
        do {
            remote = try RemoteBundle(server: server, cacheDirectory: cacheDirectory ?? RemoteBundle.defaultCacheDirectory(for: server))
        } catch {
            throw MessageError("\(error)")
        }
        var updates = remote.updates().makeAsyncIterator()
        let mockAPI: URL?
        do {
            _ = try await updates.next()
            mockAPI = wanted ? try await remote.mockAPIURL() : nil
        } catch {
            throw MessageError("cannot load the bundle from \(server.absoluteString): \(ConnectionFailure.describe(error))")
        }
        let bundle: ScriptBundle
        do {
            bundle = try ScriptBundle(directory: remote.cacheDirectory)
        } catch {
            throw MessageError("the bundle from \(server.absoluteString): \(error)")
        }
        let (events, continuation) = AsyncStream<BundleEvent>.makeStream()
        let follow = Task { [updates] in
            var updates = updates
            while let update = try? await updates.next() {
                switch update {
                case .synchronized(let changed) where !changed.isEmpty: continuation.yield(.changed(changed))
                case .synchronized: break
                case .changed(let changed): continuation.yield(.changed(changed))
                case .disconnected(let reason): continuation.yield(.notice("lost the dev server (\(reason)); reconnecting"))
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in follow.cancel() }
        return RemoteSession(bundle: bundle, mockAPI: mockAPI, events: events)
    }
}
