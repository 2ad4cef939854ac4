import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import LunarBase
import LunarServing
import NIOCore
import NIOWebSocket
import Synchronization

/// Serves apps to browsers: the page (``WebPage``) at every app address, and one WebSocket per
/// tab, for which it asks `openTab` for a ``WebTab`` (its own runtime) and which it closes when
/// the tab goes. Knows nothing of Lua.
///
/// ```swift
/// let server = WebServer(configuration: .init(port: 0)) { request in try await MyTab.open(request) }
/// let running = try await server.start()
/// print(running.url)                     // http://127.0.0.1:PORT/
/// ```
///
/// With an ``inspector`` it also serves the developer tools: the inspector page at `/devtools`
/// and its WebSocket at `/lunar/devtools/ws`, under the same checks as the app's. A server with
/// an inspector and no app (``init(configuration:inspector:)``, `--devtools` beside a terminal
/// app) answers every other address with a pointer to `/devtools`.
///
/// Who may connect is ``WebAccess``: loopback by default; an exposed server requires a token.
/// Page messages are parsed here (``PageMessage/parse(_:)``): a malformed, oversized or
/// unknown one is refused, logged (`lunar.web`, warning; the first few per connection, then a
/// count) and answered with `refused`; the tab goes on.
///
/// Every connection is bounded (docs/web.md, "Security"): ``Configuration/limits`` close one whose
/// request head is late or that goes quiet, and cap how many are open; each WebSocket's queue of
/// messages to send holds at most ``ConnectionQueue/defaultLimit`` bytes, and a peer that lets it
/// fill is dropped; an unmasked client frame closes the socket with 1002, invalid UTF-8 with 1007.
public struct WebServer: Sendable {
    /// Where and how the server listens.
    public struct Configuration: Sendable, Equatable {
        /// The address to bind: `127.0.0.1` unless the app is to be reachable from elsewhere.
        public var host: String
        /// The port; 0 picks a free one (``RunningWebServer/url`` tells which).
        public var port: Int
        /// The most tabs open at once; one more is told the server is busy.
        public var maximumTabs: Int
        /// The session token a request must carry; nil on loopback, set by
        /// ``exposing(host:port:maximumTabs:)``.
        public var token: String?
        /// Header and idle timeouts and the connection cap (kept below the descriptor limit);
        /// the environment's `LUNAR_HEADER_TIMEOUT` and `LUNAR_IDLE_TIMEOUT` shorten the timeouts.
        public var limits: ConnectionLimits

        /// A server on loopback.
        public init(host: String = "127.0.0.1", port: Int = 8080, maximumTabs: Int = 16, token: String? = nil,
                    limits: ConnectionLimits = ConnectionLimits().applyingEnvironment()) {
            self.host = host
            self.port = port
            self.maximumTabs = maximumTabs
            self.token = token
            self.limits = limits
        }

        /// Whether `host` is a loopback address.
        public var isLoopback: Bool { ["127.0.0.1", "localhost", "::1"].contains(host) }

        /// A server on `host` that, unless that is loopback, requires a fresh random token.
        public static func exposing(host: String, port: Int, maximumTabs: Int = 16) -> Configuration {
            var configuration = Configuration(host: host, port: port, maximumTabs: maximumTabs)
            if !configuration.isLoopback { configuration.token = randomToken() }
            return configuration
        }
    }

    /// The largest WebSocket message read at all; above ``PageMessage/maximumBytes`` and up to
    /// this a message is refused and the tab goes on, beyond it the connection closes.
    static let frameLimit = 1 << 20

    /// Page messages a tab may have waiting while its app handles one; then its socket is not
    /// read until the app takes one.
    static let tabInboxCapacity = 64

    public let configuration: Configuration
    private let openTab: (@Sendable (WebTabRequest) async throws -> any WebTab)?
    /// The developer tools behind `/devtools`, if the server serves them.
    public let inspector: (any WebInspector)?
    private let tabs: TabCount
    /// Inspector pages open at once, bounded like the tabs.
    private let inspectors: TabCount
    private let files = WebFileTables()

    /// A server that opens each tab's app with `openTab`, and serves `/devtools` when given an `inspector`.
    public init(configuration: Configuration, inspector: (any WebInspector)? = nil,
                openTab: @escaping @Sendable (WebTabRequest) async throws -> any WebTab) {
        self.configuration = configuration
        self.openTab = openTab
        self.inspector = inspector
        self.tabs = TabCount(limit: configuration.maximumTabs)
        self.inspectors = TabCount(limit: configuration.maximumTabs)
    }

    /// A server of the developer tools alone (for an app that runs elsewhere: a terminal or
    /// headless session): `/devtools` and its WebSocket; every other address points there.
    public init(configuration: Configuration, inspector: any WebInspector) {
        self.configuration = configuration
        self.openTab = nil
        self.inspector = inspector
        self.tabs = TabCount(limit: configuration.maximumTabs)
        self.inspectors = TabCount(limit: configuration.maximumTabs)
    }

    /// Serves until cancelled; `onListening` gets the page's URL (with the token) once bound.
    public func run(onListening: @escaping @Sendable (URL) async -> Void = { _ in }) async throws {
        let access = WebAccess(loopback: configuration.isLoopback, token: configuration.token)
        let router = Router(context: WebRequestContext.self)
        let logger = Logger(label: "lunar.web")
        // Refused upgrades come from new connections, not one: a server-wide budget.
        let upgradeRefusals = RefusalLog(logger: logger, label: "server", what: "a WebSocket", burst: 20, every: 1000)
        let busyRefusals = RefusalLog(logger: logger, label: "server", what: "a tab or inspector", burst: 20, every: 1000)
        addPageRoutes(to: router, access: access)
        let openTab = self.openTab
        let tabs = self.tabs
        let files = self.files
        let upgrade: @Sendable (Request) -> RouterShouldUpgrade = { request in
            let refusal = access.socketRefusal(
                host: request.head.authority, origin: request.headers[.origin],
                query: request.uri.query, cookie: request.headers[.cookie])
            if let refusal {
                upgradeRefusals.refused(refusal)
                return .dontUpgrade
            }
            return .upgrade([:])
        }
        if let openTab {
            router.ws("/lunar/ws") { request, _ in upgrade(request) } onUpgrade: { inbound, outbound, context in
                let path = WebAccess.queryValue("path", in: context.request.uri.query).flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/"
                try await Self.serve(path: path, inbound: inbound, outbound: outbound, channel: context.requestContext.channel,
                                     tabs: tabs, files: files, openTab: openTab, logger: logger, busy: busyRefusals)
            }
        }
        if let inspector {
            let inspectors = self.inspectors
            router.ws("/lunar/devtools/ws") { request, _ in upgrade(request) } onUpgrade: { inbound, outbound, context in
                try await Self.inspect(inbound: inbound, outbound: outbound, channel: context.requestContext.channel,
                                       inspector: inspector, count: inspectors, logger: logger, busy: busyRefusals)
            }
        }
        var serverLogger = Logger(label: "lunar.web.server")
        // Stopping is cancellation, which Hummingbird logs as errors; failures reach the caller as thrown errors.
        serverLogger.logLevel = .critical
        let host = configuration.host
        let token = configuration.token
        let limits = configuration.limits
        let webSocketResponder = router.buildResponder()
        let channelConfiguration = HTTP1WebSocketUpgradeChannel.Configuration(
            // After a request, the next one's head is due within the header timeout too.
            http1: .init(idleTimeout: .nanoseconds(limits.headerTimeout.nanoseconds)),
            ws: WebSocketServerConfiguration(
                maxFrameSize: Self.frameLimit, extensions: [.nonNegotiatedExtension { MaskedFramesOnly() }], validateUTF8: true))
        let server = HTTPServerBuilder { responder in
            DeadlineChannel(
                inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                    configuration: channelConfiguration),
                limits: limits)
        }
        let app = Application(
            router: router,
            server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: configuration.port), serverName: "lunar",
                // At the cap the server stops accepting (new clients wait in the backlog) rather
                // than running out of descriptors.
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections, logger: serverLogger)),
            onServerRunning: { channel in
                await onListening(BackgroundServer.url(host: host, channel: channel, query: token.map { "token=\($0)" }))
            },
            logger: serverLogger)
        try await app.run()
    }

    /// Starts serving in a background task; returns once listening, or throws why not.
    public func start() async throws -> RunningWebServer {
        let server = self
        let (url, task) = try await BackgroundServer.start({ try await server.run(onListening: $0) },
                                                           stoppedEarly: { MessageError("the server stopped before it listened") })
        return RunningWebServer(url: url, task: task, tabs: tabs)
    }

    private func addPageRoutes(to router: Router<WebRequestContext>, access: WebAccess) {
        router.get("/lunar/lunar.js") { _, _ in Self.file(WebPage.script, type: "text/javascript; charset=utf-8") }
        router.get("/lunar/lunar.css") { _, _ in Self.file(WebPage.stylesheet, type: "text/css; charset=utf-8") }
        let files = self.files
        router.get("/lunar/file/:tab/:id") { request, context in
            if let refusal = access.refusal(host: request.head.authority, query: request.uri.query, cookie: request.headers[.cookie]) {
                return Self.file(refusal + "\n", type: "text/plain; charset=utf-8", status: .forbidden)
            }
            guard let tab = context.parameters.get("tab").flatMap(Int.init), let id = context.parameters.get("id"),
                  let path = files.path(tab: tab, id: id),
                  let data = FileManager.default.contents(atPath: path) else {
                return Self.file("no such file\n", type: "text/plain; charset=utf-8", status: .notFound)
            }
            return Response(
                status: .ok,
                headers: [.contentType: Self.imageType(of: path), .cacheControl: "no-store",
                          HTTPField.Name("X-Content-Type-Options")!: "nosniff",
                          HTTPField.Name("Content-Security-Policy")!: "default-src 'none'; style-src 'unsafe-inline'; sandbox"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
        let servesApp = openTab != nil
        let page: @Sendable (String) -> @Sendable (Request, WebRequestContext) -> Response = { html in
            { request, _ in
                if let refusal = access.refusal(host: request.head.authority, query: request.uri.query, cookie: request.headers[.cookie]) {
                    return Self.file(refusal + "\n", type: "text/plain; charset=utf-8", status: .forbidden)
                }
                var response = Self.file(html, type: "text/html; charset=utf-8")
                // Another site may not frame the page (a click there must be a click here).
                response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
                response.headers[HTTPField.Name("Content-Security-Policy")!] = "frame-ancestors 'none'"
                if let token = access.token {
                    response.headers[.setCookie] = "\(WebAccess.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
                }
                return response
            }
        }
        if inspector != nil {
            router.get("/lunar/devtools.js") { _, _ in Self.file(WebPage.devtoolsScript, type: "text/javascript; charset=utf-8") }
            router.get("/lunar/devtools.css") { _, _ in Self.file(WebPage.devtoolsStylesheet, type: "text/css; charset=utf-8") }
            router.get("/devtools", use: page(WebPage.devtoolsHTML))
        }
        if servesApp {
            router.get("/", use: page(WebPage.html))
            router.get("**", use: page(WebPage.html))
        } else {
            let elsewhere: @Sendable (Request, WebRequestContext) -> Response = { _, _ in
                Self.file("This server serves the developer tools only: open /devtools\n", type: "text/plain; charset=utf-8", status: .notFound)
            }
            router.get("/", use: elsewhere)
            router.get("**", use: elsewhere)
        }
    }

    /// The content type of an image file, by its extension (the bytes are the runtime's own cache
    /// or the bundle's; a browser shown an unknown type sniffs nothing, as `nosniff` says).
    private static func imageType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "svg": "image/svg+xml"
        case "avif": "image/avif"
        case "bmp": "image/bmp"
        case "ico": "image/x-icon"
        default: "application/octet-stream"
        }
    }

    private static func file(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: type, .cacheControl: "no-store", HTTPField.Name("X-Content-Type-Options")!: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// One inspector page, from its upgrade until it closes: its messages go to its connection
    /// (those over ``PageMessage/maximumBytes`` are refused unread), what the connection sends
    /// goes back, and closing removes the connection's hooks. Beyond `count`'s limit a page is
    /// told the server is busy.
    private static func inspect(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel, inspector: any WebInspector,
        count: TabCount, logger: Logger, busy: RefusalLog
    ) async throws {
        await MaskedControlFrames.install(on: channel)
        guard count.open() != nil else {
            busy.refused("\(count.limit) inspectors are open already")
            try await outbound.write(.text(ServerMessage.busy("\(count.limit) inspectors are open already; close one and reload.")))
            try await outbound.close(.goingAway, reason: "busy")
            return
        }
        let queue = ConnectionQueue { drop(channel, "inspector", logger: logger) }
        let writer = Task { await write(queue, to: outbound) }
        defer { writer.cancel() }
        let refusals = RefusalLog(logger: logger, label: "inspector")
        let connection = await inspector.connect(outbox: queue.outbox)
        logger.info("an inspector connected")
        var ended: (any Error)?
        var iterator = inbound.messages(maxSize: frameLimit).makeAsyncIterator()
        do {
            while let message = try await iterator.next() {
                let refusal: String?
                switch message {
                case .text(let text) where text.utf8.count > PageMessage.maximumBytes:
                    refusal = "a message of \(text.utf8.count) bytes is over the limit of \(PageMessage.maximumBytes)"
                case .text(let text):
                    refusal = await connection.receive(text)
                case .binary:
                    refusal = "binary messages are not part of the protocol"
                }
                if let refusal {
                    refusals.refused(refusal)
                    queue.send(ServerMessage.refused(refusal))
                }
            }
        } catch {
            ended = error   // rethrown below, so the socket closes with a protocol error's code (1002, 1007)
            logger.debug("inspector: connection ended: \(error)")
        }
        refusals.summarize()
        count.close()
        await connection.close()
        queue.finish()
        await writer.value
        logger.info("an inspector closed")
        if let ended { throw ended }
    }

    /// One tab, from its upgrade until it closes.
    private static func serve(
        path: String, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel, tabs: TabCount,
        files: WebFileTables, openTab: @Sendable (WebTabRequest) async throws -> any WebTab, logger: Logger, busy: RefusalLog
    ) async throws {
        await MaskedControlFrames.install(on: channel)
        guard let number = tabs.open() else {
            busy.refused("\(tabs.limit) tabs are open already")
            try await outbound.write(.text(ServerMessage.busy("This app already has \(tabs.limit) tabs open; close one and reload.")))
            try await outbound.close(.goingAway, reason: "busy")
            return
        }
        defer { tabs.close() }
        let tabFiles = files.open(number)
        defer { files.close(number) }
        let queue = ConnectionQueue { drop(channel, "tab \(number)", logger: logger) }
        let writer = Task { await write(queue, to: outbound) }
        defer { writer.cancel() }
        let refusals = RefusalLog(logger: logger, label: "tab \(number)")
        let tab: any WebTab
        do {
            tab = try await openTab(WebTabRequest(path: path, outbox: queue.outbox, number: number, files: tabFiles))
        } catch {
            logger.error("tab \(number) could not open the app: \(error)")
            queue.send(ServerMessage.busy("The app could not start: \(error)"))
            queue.finish()
            await writer.value
            try await outbound.close(.unexpectedServerError, reason: "the app could not start")
            return
        }
        logger.info("tab \(number) opened at \(path)")
        // The socket is read on while the app handles a message, so a close is seen, and the
        // tab's scripts stopped, even while one runs (a busy handler kept its slot forever).
        let inbox = TabInbox<WebSocketMessage>(capacity: tabInboxCapacity)
        let handler = Task {
            while let message = await inbox.next() {
                let refusal: PageMessageError?
                switch message {
                case .text(let text):
                    do throws(PageMessageError) {
                        let parsed = try PageMessage.parse(text)
                        if case .ping(let id) = parsed {
                            queue.send(ServerMessage.pong(id))
                            continue
                        }
                        refusal = await tab.receive(parsed)
                    } catch {
                        refusal = error
                    }
                case .binary:
                    refusal = PageMessageError("binary messages are not part of the protocol")
                }
                guard let refusal else { continue }
                if refusal.isStale {
                    logger.debug("tab \(number): ignored a message: \(refusal)")
                } else {
                    refusals.refused(refusal.reason)
                    queue.send(ServerMessage.refused(refusal.reason))
                }
            }
        }
        var ended: (any Error)?
        var iterator = inbound.messages(maxSize: frameLimit).makeAsyncIterator()
        do {
            while let message = try await iterator.next() { await inbox.put(message) }
        } catch {
            ended = error   // rethrown below, so the socket closes with a protocol error's code (1002, 1007)
            logger.debug("tab \(number): connection ended: \(error)")
        }
        inbox.finish()
        tab.interrupt()
        await handler.value
        refusals.summarize()
        await tab.close()
        queue.finish()
        await writer.value
        logger.info("tab \(number) closed")
        if let ended { throw ended }
    }
}

extension WebServer {
    /// Writes `queue`'s messages in order until it ends (the writer waits while the peer does
    /// not read; the queue's bound is what stops that growing).
    fileprivate static func write(_ queue: ConnectionQueue, to outbound: WebSocketOutboundWriter) async {
        for await text in queue.messages {
            do { try await outbound.write(.text(text)) } catch { return }
            queue.wrote(text)
        }
    }

    /// Drops a peer whose queue overflowed: closes its socket at once (a close frame would
    /// wait behind everything it did not read).
    fileprivate static func drop(_ channel: any Channel, _ label: String, logger: Logger) {
        logger.warning("\(label): dropped: it read nothing while \(ConnectionQueue.defaultLimit >> 20) MB waited for it")
        channel.close(promise: nil)
    }
}

/// A request's context with its connection, which a WebSocket handler closes to drop a peer.
struct WebRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The connection the request arrived on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}

/// Refuses an unmasked client data frame (RFC 6455, 5.1: the server closes with 1002); WSCore
/// hands extensions data frames only: ``MaskedControlFrames`` checks the rest.
struct MaskedFramesOnly: WebSocketExtension {
    var name: String { "lunar-masked-frames-only" }

    func processReceivedFrame(_ frame: WebSocketFrame, context: WebSocketExtensionContext) async throws -> WebSocketFrame {
        // WSCore closes with 1002 (protocol error) for this error; it has no public one named for masking.
        guard frame.maskKey != nil else { throw NIOWebSocketError.fragmentedControlFrame }
        return frame
    }

    func processFrameToSend(_ frame: WebSocketFrame, context: WebSocketExtensionContext) async throws -> WebSocketFrame { frame }

    func shutdown() async {}
}

/// Closes a WebSocket with 1002 on an unmasked client frame of any kind (a ping or a close as
/// well as data), right after the frame decoder; added when a tab or inspector socket opens.
final class MaskedControlFrames: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundOut = WebSocketFrame
    private var closing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        guard unwrapInboundIn(data).maskKey != nil else {
            closing = true
            var code = context.channel.allocator.buffer(capacity: 2)
            code.write(webSocketErrorCode: .protocolError)
            let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: code)
            context.writeAndFlush(wrapOutboundOut(close), promise: nil)
            context.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
    }

    /// Puts the check after `channel`'s WebSocket frame decoder (a no-op when there is none).
    static func install(on channel: any Channel) async {
        try? await channel.eventLoop.submit {
            let operations = channel.pipeline.syncOperations
            let decoder = try operations.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
            try operations.addHandler(MaskedControlFrames(), position: .after(decoder))
        }.get()
    }
}

/// The tabs open now, against the limit; numbers tabs for logs.
final class TabCount: Sendable {
    let limit: Int
    private let state = Mutex<(open: Int, opened: Int)>((0, 0))

    init(limit: Int) { self.limit = limit }

    /// A number for a new tab, or nil when `limit` are open.
    func open() -> Int? {
        state.withLock { state in
            guard state.open < limit else { return nil }
            state.open += 1
            state.opened += 1
            return state.opened
        }
    }

    func close() { state.withLock { $0.open -= 1 } }

    var openNow: Int { state.withLock { $0.open } }
}

/// A server started with ``WebServer/start()``.
public final class RunningWebServer: Sendable {
    /// The page's address: `http://127.0.0.1:PORT/`, with `?token=…` when the server needs one.
    public let url: URL
    private let task: Task<Void, Never>
    private let tabs: TabCount
    private let files = WebFileTables()

    init(url: URL, task: Task<Void, Never>, tabs: TabCount) {
        self.url = url
        self.task = task
        self.tabs = tabs
    }

    /// How many tabs are connected now.
    public var openTabs: Int { tabs.openNow }

    /// Stops listening, closes every tab and returns once the server is down.
    public func stop() async {
        task.cancel()
        await task.value
    }
}
