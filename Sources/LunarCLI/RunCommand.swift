import ArgumentParser
import Foundation
import LunarBridge
import LunarBundle
import LunarDevServer
import LunarRuntime

/// `lunar run BUNDLE`: opens the manifest's entry route. BUNDLE is a
/// directory, a `.lunar` archive (verified with `--trust KEY` before any
/// script runs), or a dev server's URL (`http://HOST:PORT/`), whose bundle is
/// downloaded into a cache and followed: changed files are downloaded and
/// reloaded. Headless (stdin not a terminal, or `--headless`): reads commands
/// from standard input, one per line, and prints the screen after each;
/// exits non-zero when a command cannot be carried out.
///
/// The network layer's base URL is the bundle's mock API when it has one
/// (served on loopback for a directory, the dev server's `/api` for a URL),
/// unless `--api-base-url` or `--no-mock-api` says otherwise.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a bundle (a directory, a .lunar archive or a dev server URL): terminal UI on a TTY, headless text otherwise."
    )

    @Argument(help: "The bundle: a directory, a .lunar archive, or a dev server URL (http://HOST:PORT/).")
    var bundle: String

    @Option(help: "Run a .lunar archive only if it is signed by this public key (from `lunar keygen`).")
    var trust: String?

    @Flag(help: "Read commands from standard input and print screens as text, even on a terminal.")
    var headless = false

    @OptionGroup var api: APIOptions


    @Option(help: "Where a bundle from a dev server is kept (default: lunar/remote/HOST-PORT in the user's cache directory, ~/.cache on Linux).")
    var cacheDirectory: String?


    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        logging.bootstrap(default: .warning)
        try await reportingFailures {
            if let server = remoteURL { try await runRemote(server) } else { try await runDirectory() }
        }
    }

    /// The dev server's URL when BUNDLE is one.
    private var remoteURL: URL? {
        guard bundle.lowercased().hasPrefix("http://") || bundle.lowercased().hasPrefix("https://") else { return nil }
        return URL(string: bundle)
    }

    private func runDirectory() async throws {
        let opened = try BundleArgument.open(bundle, trust: trust)
        defer { opened.close() }
        let loaded = opened.bundle
        var options = opened.defaultOptions
        if let apiBaseURL = api.apiBaseURL {
            options.apiBaseURL = URL(string: apiBaseURL)
            try await run(loaded, options)
            return
        }
        // The bundle's mock API, unless --no-mock-api.
        do {
            try await MockAPIScope.run(for: api.noMockAPI ? nil : loaded) { [options] mockAPI in
                var options = options
                if let mockAPI { options.apiBaseURL = mockAPI }
                try await run(loaded, options)
            }
        } catch let error as MockAPIScopeError {
            throw ScriptFailure(message: "lunar: \(error)")
        }
    }

    /// Runs `loaded` in the terminal UI on a terminal, headless otherwise.
    private func run(_ loaded: ScriptBundle, _ options: RuntimeOptions) async throws {
        if !headless, TerminalSession.isInteractive {
            let runtime = try await Self.makeRuntime(loaded, options, renderer: "terminal")
            try await TerminalSession.run(runtime)
            return
        }
        let (inputs, feed) = AsyncStream<HeadlessSession.Input>.makeStream()
        let pump = Task {
            for await line in StandardInputLines.stream() { feed.yield(.line(line)) }
            feed.finish()
        }
        defer { pump.cancel() }
        try await RuntimeScope.run({ try await Self.makeRuntime(loaded, options) }) { runtime in
            try await HeadlessSession(runtime: runtime).run(inputs)
        }
    }

    private func runRemote(_ server: URL) async throws {
        let remote: RemoteBundle
        do {
            remote = try RemoteBundle(
                server: server,
                cacheDirectory: cacheDirectory.map { URL(fileURLWithPath: $0) } ?? RemoteBundle.defaultCacheDirectory(for: server))
        } catch {
            throw ScriptFailure(message: "lunar: \(error)")
        }
        let updates = remote.updates()
        var iterator = updates.makeAsyncIterator()
        var options = RuntimeOptions()
        do {
            _ = try await iterator.next()
            if let apiBaseURL = api.apiBaseURL {
                options.apiBaseURL = URL(string: apiBaseURL)
            } else if !api.noMockAPI {
                options.apiBaseURL = try await remote.mockAPIURL()
            }
        } catch {
            throw ScriptFailure(message: "lunar: cannot load the bundle from \(server.absoluteString): \(ConnectionFailure.describe(error))")
        }
        let loaded: ScriptBundle
        do {
            loaded = try ScriptBundle(directory: remote.cacheDirectory)
        } catch {
            throw ScriptFailure(message: "lunar: the bundle from \(server.absoluteString): \(error)")
        }
        let chosen = options
        let (inputs, feed) = AsyncStream<HeadlessSession.Input>.makeStream()
        let lines = Task {
            for await line in StandardInputLines.stream() { feed.yield(.line(line)) }
            feed.finish()
        }
        let changes = Task { [iterator] in
            var iterator = iterator
            while let update = try? await iterator.next() {
                switch update {
                case .synchronized(let changed) where !changed.isEmpty: feed.yield(.bundleChanged(changed))
                case .synchronized: break
                case .changed(let changed): feed.yield(.bundleChanged(changed))
                case .disconnected(let reason): feed.yield(.notice("lost the dev server (\(reason)); reconnecting"))
                }
            }
        }
        defer {
            lines.cancel()
            changes.cancel()
        }
        try await RuntimeScope.run({ try await Self.makeRuntime(loaded, chosen) }) { runtime in
            try await HeadlessSession(runtime: runtime).run(inputs)
        }
    }

    static func makeRuntime(_ bundle: ScriptBundle, _ options: RuntimeOptions, renderer: String = "headless") async throws -> LunarRuntime {
        let runtime: LunarRuntime
        do {
            runtime = try LunarRuntime(bundle: bundle, options: options)
        } catch let error as BundleError {
            throw ScriptFailure(message: "lunar: \(error)")
        }
        await runtime.register(HostModule.module(renderer: renderer))
        await runtime.onScriptError { error in
            StandardError.write("lunar: script error: " + error.report + "\n")
        }
        return runtime
    }
}
