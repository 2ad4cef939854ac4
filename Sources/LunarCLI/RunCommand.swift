import ArgumentParser
import Foundation
import LunarRuntime
import LunarSession

/// `lunar run BUNDLE`: opens the manifest's entry route. BUNDLE is a
/// directory, a `.lunar` archive (verified with `--trust KEY` before any
/// script runs), or a dev server's URL (`http://HOST:PORT/`), whose bundle is
/// downloaded into a cache and followed: changed files are downloaded and
/// reloaded. On a terminal it shows the terminal UI (`LunarSession`'s `BundleSession`), for a
/// dev server's URL too. Headless (stdin not a terminal, or `--headless`): reads commands
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

    @Option(name: .customLong("debug"), help: "Listen for a Debug Adapter Protocol client (VS Code) on 127.0.0.1 at this port (0 picks one).")
    var debugPort: Int?


    @Option(help: "Where a bundle from a dev server is kept (default: lunar/remote/HOST-PORT in the user's cache directory, ~/.cache on Linux).")
    var cacheDirectory: String?


    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        logging.bootstrap(default: .warning)
        try await reportingFailures {
            let interface = BundleSession.interface(headless: headless, development: false)
            if let server = remoteURL {
                let remote = try await RemoteSession.open(
                    server: server, cacheDirectory: cacheDirectory.map { URL(fileURLWithPath: $0) },
                    mockAPI: api.apiBaseURL == nil && !api.noMockAPI)
                var options = RuntimeOptions()
                options.apiBaseURL = api.apiBaseURL.flatMap(URL.init(string:)) ?? remote.mockAPI
                try await BundleSession.run(remote.bundle, options: options, interface: interface, events: remote.events, debugPort: debugPort)
            } else {
                try await runLocal(interface)
            }
        }
    }

    /// The dev server's URL when BUNDLE is one.
    private var remoteURL: URL? {
        guard bundle.lowercased().hasPrefix("http://") || bundle.lowercased().hasPrefix("https://") else { return nil }
        return URL(string: bundle)
    }

    /// A directory or an archive.
    private func runLocal(_ interface: BundleSession.Interface) async throws {
        let opened = try BundleArgument.open(bundle, trust: trust)
        defer { opened.close() }
        try await BundleSession.runLocal(
            opened.bundle, options: opened.defaultOptions, apiBaseURL: api.apiBaseURL.flatMap(URL.init(string:)),
            mockAPI: !api.noMockAPI, interface: interface, debugPort: debugPort)
    }
}
