import Foundation
import LunarBase
import LunarBundle
import LunarDevServer
import LunarRuntime

/// `lunar dev`: runs a bundle, hot-reloads every saved file into it (one watcher feeds the
/// running app and the served change feed), and serves the bundle, its change feed and its
/// mock API so that a second host can attach with `lunar run http://HOST:PORT/`.
public enum DevSession {
    /// Runs until the user quits (terminal UI) or the process is interrupted (headless).
    ///
    /// - Parameters:
    ///   - apiBaseURL: where the network layer sends requests; nil for the bundle's mock API
    ///     (served by the dev server) when `mockAPI` is true and the bundle has one.
    ///   - debugPort: the Debug Adapter Protocol port on 127.0.0.1 (0 picks one); nil: no debugger.
    ///   - devtoolsPort: the inspector's port on 127.0.0.1 (0 picks one); nil: no inspector server.
    /// - Throws: `MessageError` when the bundle cannot be opened, watched or served.
    public static func run(
        bundle directory: URL, host: String, port: Int, apiBaseURL: URL?, mockAPI: Bool, interface: BundleSession.Interface,
        debugPort: Int? = nil, devtoolsPort: Int? = nil
    ) async throws {
        let loaded = try ServeSession.openBundle(directory)
        let watcher = BundleWatcher(root: loaded.root)
        let server: RunningServer
        do {
            server = try await DevServer(
                bundleDirectory: loaded.root, configuration: DevServer.Configuration(host: host, port: port), changes: watcher
            ).start()
        } catch {
            throw ServeSession.cannotServe(host: host, port: port, error)
        }
        let serving = "serving \(loaded.manifest.name) at \(server.url.absoluteString) (attach with: lunar run \(server.url.absoluteString))"
        var notice = "lunar: \(serving)\n"
        var options = RuntimeOptions()
        if let apiBaseURL {
            options.apiBaseURL = apiBaseURL
        } else if mockAPI, loaded.mockAPI != nil {
            options.apiBaseURL = server.mockAPIURL
            notice += "lunar: mock API at \(server.mockAPIURL.absoluteString)\n"
        }
        SessionOutput.error(notice)
        do {
            let events: AsyncStream<BundleEvent>
            do {
                events = try BundleSession.events(from: watcher)
            } catch {
                throw MessageError("\(error)")
            }
            try await BundleSession.run(loaded, options: options, interface: interface, events: events, status: serving, debugPort: debugPort,
                                        devtoolsPort: devtoolsPort)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
