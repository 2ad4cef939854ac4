import NIOCore
import NIOPosix

/// A TCP server on SwiftNIO for a protocol of its own (the debugger's DAP, the tests' scripted
/// HTTP), where Lunar's HTTP servers run on Hummingbird: bound to loopback unless told
/// otherwise, listening once ``bind(host:port:maximumConnections:group:initializeConnection:)``
/// succeeds, and holding at most `maximumConnections` open at once (beyond it it stops
/// accepting until one closes, as ``ConnectionLimits`` says).
///
/// Threading: each connection's pipeline runs on one event loop of `group`; ``close()`` may be
/// called from any thread.
public final class ChannelServer: Sendable {
    /// The port it listens on (the one asked for, or the one picked for 0).
    public let port: Int
    private let listener: any Channel

    private init(listener: any Channel) {
        self.listener = listener
        port = listener.localAddress?.port ?? 0
    }

    /// Binds `host:port` (0 picks a free port); the future succeeds once the socket listens,
    /// or fails with why it could not (an address in use, a host that is not an address).
    ///
    /// `initializeConnection` sets up each accepted connection's pipeline, on its event loop.
    public static func bind(
        host: String = "127.0.0.1", port: Int = 0,
        maximumConnections: Int = ConnectionLimits().maximumConnections,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        initializeConnection: @escaping @Sendable (any Channel) -> EventLoopFuture<Void>
    ) -> EventLoopFuture<ChannelServer> {
        ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ConnectionCap(maximum: max(1, maximumConnections)))
                }
            }
            .childChannelInitializer(initializeConnection)
            .bind(host: host, port: port)
            .map { ChannelServer(listener: $0) }
    }

    /// Stops listening (connections already open stay open). Idempotent; does not wait.
    public func close() {
        listener.close(promise: nil)
    }

    deinit { close() }
}

/// On a listening channel: stops accepting while `maximum` accepted connections are open, and
/// accepts again as soon as one of them closes.
private final class ConnectionCap: ChannelInboundHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    private let maximum: Int
    private var open = 0
    private var paused = false

    init(maximum: Int) { self.maximum = maximum }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let child = unwrapInboundIn(data)
        open += 1
        if open >= maximum, !paused {
            paused = true
            context.channel.setOption(.autoRead, value: false).whenFailure { _ in }
        }
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        child.closeFuture.hop(to: context.eventLoop).whenComplete { _ in
            let (cap, context) = loopBound.value
            cap.connectionClosed(context)
        }
        context.fireChannelRead(data)
    }

    private func connectionClosed(_ context: ChannelHandlerContext) {
        open -= 1
        guard paused, open < maximum, context.channel.isActive else { return }
        paused = false
        context.channel.setOption(.autoRead, value: true).whenFailure { _ in }
        context.read()
    }
}
