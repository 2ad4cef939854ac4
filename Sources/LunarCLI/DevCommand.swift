import ArgumentParser
import Foundation
import LunarBundle
import LunarDevServer
import LunarRuntime

/// `lunar dev BUNDLE`: runs the bundle like `lunar run`, watches its directory
/// (inotify) and hot-reloads every saved file into the running app, and serves
/// the bundle, its change feed and its mock API so that a second host can
/// attach with `lunar run http://HOST:PORT/`.
///
/// What reloaded or failed is reported on standard error. Headless, it reads
/// commands from standard input like `lunar run`, but a failing command is
/// reported and the session goes on, and the end of input does not end it:
/// it runs until interrupted.
struct DevCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dev",
        abstract: "Run a bundle, hot-reload it when its files change, and serve it to other hosts."
    )

    @Argument(help: "The bundle directory.")
    var bundle: String

    @Flag(help: "Read commands from standard input and print screens as text, even on a terminal.")
    var headless = false

    @Option(help: "The dev server's port (0 picks a free one).")
    var port: Int = 8081

    @Option(help: "The dev server's address; anything but loopback exposes the bundle and its mock API to the network.")
    var host: String = "127.0.0.1"

    @OptionGroup var api: APIOptions



    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        logging.bootstrap(default: .info)
        try await reportingFailures { try await develop() }
    }

    private func develop() async throws {
        let loaded: ScriptBundle
        do {
            loaded = try ScriptBundle(directory: URL(fileURLWithPath: bundle))
        } catch {
            throw ScriptFailure(message: "lunar: \(error)")
        }
        // One watcher feeds both the local reloads and the served change feed.
        let watcher = BundleWatcher(root: loaded.root)
        let server: RunningDevServer
        do {
            server = try await DevServer(
                bundleDirectory: loaded.root, configuration: DevServer.Configuration(host: host, port: port), changes: watcher
            ).start()
        } catch {
            throw ScriptFailure(message: "lunar: cannot serve on \(host):\(port): \(ConnectionFailure.describe(error))")
        }
        var notice = "lunar: serving \(loaded.manifest.name) at \(server.url.absoluteString) (attach with: lunar run \(server.url.absoluteString))\n"
        var options = RuntimeOptions()
        if let apiBaseURL = api.apiBaseURL {
            options.apiBaseURL = URL(string: apiBaseURL)
        } else if !api.noMockAPI, loaded.mockAPI != nil {
            options.apiBaseURL = server.mockAPIURL
            notice += "lunar: mock API at \(server.mockAPIURL.absoluteString)\n"
        }
        StandardError.write(notice)

        if !headless, TerminalSession.isInteractive {
            // The terminal UI, reloading on every save while the server feeds other hosts.
            let runtime = try await RunCommand.makeRuntime(loaded, options, renderer: "terminal")
            let (changes, change) = AsyncStream<[String]>.makeStream()
            let subscription: BundleWatcher.Subscription
            do {
                subscription = try watcher.start { paths in change.yield(paths) }
            } catch {
                await server.stop()
                throw ScriptFailure(message: "lunar: \(error)")
            }
            // One consumer, so saves apply in the order they happened.
            let reloads = Task { for await paths in changes { await runtime.reload(changedFiles: paths) } }
            defer {
                reloads.cancel()
                watcher.remove(subscription)
            }
            do {
                try await TerminalSession.run(runtime)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            return
        }

        let (inputs, feed) = AsyncStream<HeadlessSession.Input>.makeStream()
        let subscription: BundleWatcher.Subscription
        do {
            subscription = try watcher.start { paths in feed.yield(.bundleChanged(paths)) }
        } catch {
            await server.stop()
            throw ScriptFailure(message: "lunar: \(error)")
        }
        // The end of standard input does not end a dev session; an interrupt does.
        let lines = Task {
            for await line in StandardInputLines.stream() { feed.yield(.line(line)) }
        }
        defer {
            lines.cancel()
            watcher.remove(subscription)
        }
        do {
            try await RuntimeScope.run({ try await RunCommand.makeRuntime(loaded, options) }) { runtime in
                try await HeadlessSession(runtime: runtime, keepsGoing: true).run(inputs)
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
