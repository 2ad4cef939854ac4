import ArgumentParser
import LunarCommands
import LunarWeb

/// `--web`, `--port`, `--host` and `--max-tabs` of `lunar run`: the app in browser tabs.
struct WebOptions: ParsableArguments {
    @Flag(help: "Serve the app to browser tabs at http://HOST:PORT/ (printed on standard output), each tab its own session.")
    var web = false

    @Option(help: "With --web: the port (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "With --web: the address to listen on; anything but loopback exposes the app and requires the printed token.")
    var host: String = "127.0.0.1"

    @Option(help: "With --web: the most browser tabs open at once.")
    var maxTabs: Int = 16

    init() {}

    init(web: Bool, port: Int, host: String, maxTabs: Int) {
        self.web = web
        self.port = port
        self.host = host
        self.maxTabs = maxTabs
    }

    func validate(headless: Bool) throws {
        guard web else { return }
        if headless { throw ValidationError("give --web or --headless, not both") }
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port (0 to 65535)") }
        guard maxTabs >= 1 else { throw ValidationError("--max-tabs must be at least 1") }
    }

    /// The web interface when `--web` was given, `other` otherwise.
    func interface(default other: BundleSession.Interface) -> BundleSession.Interface {
        guard web else { return other }
        return .web(.exposing(host: host, port: port, maximumTabs: maxTabs))
    }
}
