import ArgumentParser
import Foundation
import LunarRuntime
import LunarCommands

/// `lunar run BUNDLE`: opens the manifest's entry route. BUNDLE is a
/// directory, a `.lunar` archive (verified with `--trust KEY` before any
/// script runs), or a dev server's URL (`http://HOST:PORT/`), whose bundle is
/// downloaded into a cache and followed: changed files are downloaded and
/// reloaded. On a terminal it shows the terminal UI (`LunarCommands`'s `BundleSession`), for a
/// dev server's URL too. Headless (stdin not a terminal, or `--headless`): reads commands
/// from standard input, one per line, and prints the screen after each;
/// exits non-zero when a command cannot be carried out.
///
/// The network layer's base URL is the bundle's mock API when it has one
/// (served on loopback for a directory, the dev server's `/api` for a URL),
/// unless `--api-base-url` or `--no-mock-api` says otherwise.
///
/// With `--web` it serves the app to browsers instead (`LunarCommands`'s `WebSession`): each
/// tab its own app, at the address printed on standard output (docs/web.md).
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

    @OptionGroup var web: WebOptions

    @Option(name: .customLong("debug"), help: "Listen for a Debug Adapter Protocol client (VS Code) on 127.0.0.1 at this port (0 picks one).")
    var debugPort: Int?

    @OptionGroup var devtools: DevtoolsOptions

    @OptionGroup var api: APIOptions

    @Option(help: "Where a bundle from a dev server is kept (default: lunar/remote/HOST-PORT in the user's cache directory, ~/.cache on Linux).")
    var cacheDirectory: String?

    @Flag(help: "Start from an empty lunar.storage: this run uses a temporary store, removed when it ends; the saved store is untouched.")
    var freshStorage = false


    @Option(help: "Follow an update server (http://HOST:PORT/): BUNDLE is the built-in bundle, run when no update is staged or every update failed. Needs --channel and --trust.")
    var updates: String?

    @Option(help: "The update channel to follow (with --updates).")
    var channel: String?

    @Option(help: "This device's id for rollouts (with --updates; default: a random id kept in the updates directory).")
    var deviceId: String?

    @Option(help: "Where updates are staged (with --updates; default: lunar/updates/HOST-PORT-CHANNEL in the user's cache directory).")
    var updatesDirectory: String?

    @Option(help: "Seconds to wait at launch for an update, so one that arrives before the first screen runs at once (with --updates; default 0: updates apply at the next launch).")
    var applyWithin: Double = 0

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        try web.validate(headless: headless)
        try devtools.validate(web: web.web)
        if web.web, debugPort != nil {
            throw ValidationError("--debug attaches to one runtime; with --web every tab has its own, so the two do not combine yet")
        }
        if freshStorage, updates != nil {
            throw ValidationError("--fresh-storage does not combine with --updates: an update keeps the store of the app it replaces")
        }
        if updates == nil {
            if channel != nil || deviceId != nil || updatesDirectory != nil || applyWithin != 0 {
                throw ValidationError("--channel, --device-id, --updates-directory and --apply-within go with --updates URL")
            }
            return
        }
        guard channel != nil, trust != nil else { throw ValidationError("--updates needs --channel NAME and --trust FILE.pub") }
        if web.web { throw ValidationError("--updates runs one app on this device; it does not combine with --web") }
        if debugPort != nil { throw ValidationError("--debug does not combine with --updates yet: debug the bundle itself with lunar run BUNDLE --debug PORT") }
        if devtools.devtools { throw ValidationError("--devtools does not combine with --updates yet: inspect the bundle itself with lunar run BUNDLE --devtools") }
        guard let url = updates.flatMap(URL.init(string:)), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw ValidationError("--updates '\(updates ?? "")' is not an http:// or https:// URL")
        }
        guard applyWithin >= 0, applyWithin <= 60 else { throw ValidationError("--apply-within takes 0 to 60 seconds") }
    }

    func run() async throws {
        logging.bootstrap(default: .warning)
        try await reportingFailures {
            let interface = web.interface(default: BundleSession.interface(headless: headless, development: false))
            if let updates, let channel, let trust, let server = URL(string: updates) {
                var options = UpdatingSession.Options(server: server, channel: channel, trust: trust)
                options.deviceID = deviceId
                options.directory = updatesDirectory.map { URL(fileURLWithPath: $0) }
                options.applyWindow = applyWithin
                options.apiBaseURL = api.apiBaseURL.flatMap(URL.init(string:))
                options.mockAPI = !api.noMockAPI
                try await UpdatingSession.run(builtIn: bundle, options: options, interface: interface)
            } else if let server = remoteURL {
                let remote = try await RemoteSession.open(
                    server: server, cacheDirectory: cacheDirectory.map { URL(fileURLWithPath: $0) },
                    mockAPI: api.apiBaseURL == nil && !api.noMockAPI)
                var options = RuntimeOptions()
                options.apiBaseURL = api.apiBaseURL.flatMap(URL.init(string:)) ?? remote.mockAPI
                try await storage(options) { options in
                    try await BundleSession.run(remote.bundle, options: options, interface: interface, events: remote.events, debugPort: debugPort,
                                               devtoolsPort: devtools.port(web: web.web))
                }
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
        try await storage(opened.defaultOptions) { options in
            try await BundleSession.runLocal(
                opened.bundle, options: options, apiBaseURL: api.apiBaseURL.flatMap(URL.init(string:)),
                mockAPI: !api.noMockAPI, interface: interface, debugPort: debugPort, devtoolsPort: devtools.port(web: web.web))
        }
    }

    /// Runs `body` with `options`, or, with `--fresh-storage`, with an empty temporary store.
    private func storage(_ options: RuntimeOptions, _ body: (RuntimeOptions) async throws -> Void) async throws {
        if freshStorage {
            try await FreshStorage.run(options, body)
        } else {
            try await body(options)
        }
    }
}
