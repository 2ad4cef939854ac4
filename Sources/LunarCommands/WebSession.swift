import Foundation
import LunarBase
import LunarBundle
import LunarDevtools
import LunarRuntime
import LunarUI
import LunarWeb
import Synchronization

/// `lunar run BUNDLE --web` and `lunar dev BUNDLE --web`: the app in browser tabs, one runtime
/// per tab (``WebAppTab``), served by a ``WebServer``; bundle events (a watcher's saves) reach
/// every open tab, each keeping its state. `/devtools` on the same server inspects the tabs
/// (``DevtoolsTargets``: each tab is a target, the newest inspected by default).
public enum WebSession {
    /// Serves `bundle` until the process is interrupted.
    ///
    /// Prints the page's address on standard output, alone on its line, once listening (with
    /// its token when the server is exposed, after a warning on standard error), and, on
    /// loopback, the inspector's on standard error (an exposed server has no inspector).
    ///
    /// - Parameters:
    ///   - events: saved files to hot-reload into every tab; nil when the bundle does not change.
    /// - Throws: `MessageError` when the server cannot listen.
    public static func run(
        _ bundle: ScriptBundle, options: RuntimeOptions, configuration: WebServer.Configuration,
        events: AsyncStream<BundleEvent>? = nil
    ) async throws {
        let tabs = OpenTabs()
        // The inspector runs Lua in every tab: only on loopback, where only this machine reaches
        // it, never to everyone an exposed server's address and token are given to.
        let devtools = configuration.isLoopback ? DevtoolsTargets() : nil
        let server = WebServer(configuration: configuration, inspector: devtools) { request in
            let tab = try await WebAppTab.open(bundle, options: options, request: request)
            let outbox = request.outbox
            if let devtools {
                let target = await devtools.add(tab.runtime, label: "tab \(request.number) · \(request.path)") { screen, node in
                    outbox.send(ServerMessage.highlight(screen: screen, node: node))
                }
                tabs.insert(tab) { Task { await devtools.remove(target) } }
            } else {
                tabs.insert(tab)
            }
            return tab
        }
        if !configuration.isLoopback {
            SessionOutput.error("""
                lunar: warning: serving on \(configuration.host): anyone who can reach this address and has the \
                token in the URL below can use the app and its network access; the developer tools are off \
                (they run Lua in every tab), serve on 127.0.0.1 to use them\n
                """)
        }
        let running: RunningWebServer
        do {
            running = try await server.start()
        } catch {
            throw ServeSession.cannotServe(host: configuration.host, port: configuration.port, error)
        }
        SessionOutput.standard(running.url.absoluteString + "\n")
        if devtools != nil { SessionOutput.error("lunar: developer tools at " + Self.devtoolsAddress(running.url) + "\n") }
        // One consumer, so saves apply in the order they happened, to every tab.
        if let events {
            for await event in events {
                switch event {
                case .changed(let paths):
                    var said: ReloadNotice?
                    for tab in tabs.all() {
                        if let notice = await tab.runtime.applyChanges(paths) {
                            said = said ?? notice
                            tab.outbox.send(ServerMessage.notice(notice.text))
                        }
                    }
                    if let said { SessionOutput.error("lunar: \(said)\n") }
                case .notice(let text):
                    SessionOutput.error("lunar: \(text)\n")
                }
            }
        }
        // Until interrupted: SIGINT and SIGTERM end the process; cancellation ends the server.
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        await running.stop()
    }
}

extension WebSession {
    /// `/devtools` on the server at `url` (its token kept).
    static func devtoolsAddress(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString + "devtools" }
        components.path = "/devtools"
        return components.string ?? url.absoluteString + "devtools"
    }
}

/// The tabs open now, for bundle events to reach each; a closed tab leaves on its own.
final class OpenTabs: Sendable {
    private let tabs = Mutex<[ObjectIdentifier: WebAppTab]>([:])

    /// Holds `tab` until it closes; then `closed` runs too.
    func insert(_ tab: WebAppTab, closed: @escaping @Sendable () -> Void = {}) {
        tabs.withLock { $0[ObjectIdentifier(tab)] = tab }
        tab.onClose = { [weak self] in
            self?.remove(tab)
            closed()
        }
    }

    func remove(_ tab: WebAppTab) { _ = tabs.withLock { $0.removeValue(forKey: ObjectIdentifier(tab)) } }

    func all() -> [WebAppTab] { tabs.withLock { Array($0.values) } }
}

/// One browser tab's app: its own runtime on a ``WebRenderer``, opened at the tab's address.
public final class WebAppTab: WebTab {
    /// The tab's runtime.
    public let runtime: LunarRuntime
    /// Where the tab's messages go (reload notices for its console).
    let outbox: WebOutbox
    private let closeHandler = Mutex<(@Sendable () -> Void)?>(nil)

    var onClose: (@Sendable () -> Void)? {
        get { closeHandler.withLock { $0 } }
        set { closeHandler.withLock { $0 = newValue } }
    }

    private init(runtime: LunarRuntime, outbox: WebOutbox) {
        self.runtime = runtime
        self.outbox = outbox
    }

    /// Starts a runtime for `bundle` on a renderer for the tab; opens the tab's address when
    /// it is not the entry route (a deep link: `/items/3` over the entry screen, so back
    /// returns to it).
    public static func open(_ bundle: ScriptBundle, options: RuntimeOptions, request: WebTabRequest) async throws -> WebAppTab {
        let runtime = try await BundleSession.makeRuntime(bundle, options, renderer: "web")
        try await runtime.start(renderer: WebRenderer(outbox: request.outbox, files: request.files))
        let entry = await runtime.bundle.manifest.entry
        if request.path != "/", request.path != entry {
            if await !runtime.open(request.path) {
                request.outbox.send(ServerMessage.notice("no route matches \(request.path); showing \(entry)"))
            }
        }
        return WebAppTab(runtime: runtime, outbox: request.outbox)
    }

    public func receive(_ message: PageMessage) async -> PageMessageError? {
        await runtime.withHost { host, _ in
            guard let renderer = host.renderer as? WebRenderer else { return PageMessageError("the tab has no renderer") }
            return renderer.receive(message)
        }
    }

    /// Stops the tab's scripts for good (the one running, even in a `pcall` loop, and any its
    /// runtime would run later): the tab is gone, so its slot is released at once.
    public func interrupt() {
        runtime.interruptHandle.stop("the tab closed")
    }

    public func close() async {
        onClose?()
        onClose = nil
    }
}
