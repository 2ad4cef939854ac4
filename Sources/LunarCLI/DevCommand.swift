import ArgumentParser
import Foundation
import LunarCommands

/// `lunar dev BUNDLE`: runs the bundle like `lunar run`, watches its directory
/// (inotify) and hot-reloads every saved file into the running app, and serves
/// the bundle, its change feed and its mock API so that a second host can
/// attach with `lunar run http://HOST:PORT/`.
///
/// What reloaded or failed is reported on standard error, or in the terminal UI on its status
/// line and in its log file (`LunarCommands`'s `DevSession`). Headless, it reads
/// commands from standard input like `lunar run`, but a failing command is
/// reported and the session goes on, and the end of input does not end it:
/// it runs until interrupted.
///
/// With `--web` the app runs in browser tabs instead (docs/web.md): every save reloads every
/// open tab, keeping its state, and an error shows the overlay in the page.
struct DevCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dev",
        abstract: "Run a bundle, hot-reload it when its files change, and serve it to other hosts."
    )

    @Argument(help: "The bundle directory.")
    var bundle: String

    @Flag(help: "Read commands from standard input and print screens as text, even on a terminal.")
    var headless = false

    @Option(help: "The dev server's port (0 picks a free one); with --web, the page's port (the dev server then takes a free one).")
    var port: Int = 8081

    @Option(help: "The dev server's address; anything but loopback exposes the bundle and its mock API to the network. With --web, the page's address (a token is then required).")
    var host: String = "127.0.0.1"

    @Flag(help: "Serve the app to browser tabs at http://HOST:PORT/ (printed on standard output), each its own session, hot-reloaded on save.")
    var web = false

    @Option(help: "With --web: the most browser tabs open at once.")
    var maxTabs: Int = 16

    @OptionGroup var api: APIOptions

    @Option(name: .customLong("debug"), help: "Listen for a Debug Adapter Protocol client (VS Code) on 127.0.0.1 at this port (0 picks one).")
    var debugPort: Int?

    @OptionGroup var devtools: DevtoolsOptions

    func validate() throws {
        try WebOptions(web: web, port: port, host: host, maxTabs: maxTabs).validate(headless: headless)
        try devtools.validate(web: web)
        if web, debugPort != nil { throw ValidationError("--debug attaches to one runtime; with --web every tab has its own, so the two do not combine yet") }
    }

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        logging.bootstrap(default: .info)
        try await reportingFailures {
            let options = WebOptions(web: web, port: port, host: host, maxTabs: maxTabs)
            // With --web the page takes --host and --port; the dev server stays on loopback at a free port.
            try await DevSession.run(
                bundle: URL(fileURLWithPath: bundle), host: web ? "127.0.0.1" : host, port: web ? 0 : port,
                apiBaseURL: api.apiBaseURL.flatMap(URL.init(string:)), mockAPI: !api.noMockAPI,
                interface: options.interface(default: BundleSession.interface(headless: headless, development: true)), debugPort: debugPort,
                devtoolsPort: devtools.port(web: web))
        }
    }
}
