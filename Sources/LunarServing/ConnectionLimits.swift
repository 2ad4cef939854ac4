import Foundation
import NIOCore

/// How long a server's connections may take and how many it holds at once: what keeps a peer
/// that opens connections and never finishes a request (slowloris) from holding every socket
/// and descriptor. Generic for Lunar's HTTP servers; ``ConnectionDeadlineHandler`` enforces
/// the timeouts, the server's accept loop the cap.
public struct ConnectionLimits: Sendable, Equatable {
    /// How long a connection may take to send its first request's head (up to the blank line).
    public var headerTimeout: TimeAmount
    /// How long a connection may send nothing before it is closed (a WebSocket's answers to the
    /// server's pings count: a live page is never idle that long).
    public var idleTimeout: TimeAmount
    /// The most connections open at once; beyond it the server stops accepting until one closes.
    public var maximumConnections: Int

    /// Limits as given; `maximumConnections` is still kept below the descriptor limit.
    public init(headerTimeout: TimeAmount = .seconds(10), idleTimeout: TimeAmount = .seconds(120), maximumConnections: Int = 512) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnections = min(maximumConnections, Self.descriptorBudget())
    }

    /// Descriptors kept free for everything but connections (files, pipes, the runtimes' own).
    public static let reservedDescriptors = 64

    /// How many connections the process's descriptor limit (`getrlimit(RLIMIT_NOFILE)`, the
    /// soft limit) leaves room for: three quarters of what is left after the reserve, at least 8.
    public static func descriptorBudget() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 256 }
        // RLIM_INFINITY is the largest value: capped like any other large limit.
        let usable = Int(min(UInt64(limit.rlim_cur), 1 << 20)) - reservedDescriptors
        return max(8, usable * 3 / 4)
    }

    /// The limits with timeouts from the environment when set (whole or fractional seconds):
    /// `LUNAR_HEADER_TIMEOUT`, `LUNAR_IDLE_TIMEOUT`. Tests use them to see a timeout pass quickly.
    public func applyingEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ConnectionLimits {
        var limits = self
        if let seconds = environment["LUNAR_HEADER_TIMEOUT"].flatMap(Double.init), seconds > 0, seconds < 86_400 {
            limits.headerTimeout = .nanoseconds(Int64(seconds * 1e9))
        }
        if let seconds = environment["LUNAR_IDLE_TIMEOUT"].flatMap(Double.init), seconds > 0, seconds < 86_400 {
            limits.idleTimeout = .nanoseconds(Int64(seconds * 1e9))
        }
        return limits
    }
}

/// The first handler of a connection's pipeline: closes it when its first request's head has
/// not arrived within the header timeout, or when nothing has arrived for the idle timeout.
///
/// It reads raw bytes before any decoder (so it sees a head that never ends) and passes them on
/// untouched; it stays after a WebSocket upgrade, where the idle timeout goes on applying.
public final class ConnectionDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = ByteBuffer
    public typealias InboundOut = ByteBuffer

    private let limits: ConnectionLimits
    private let onTimeout: (@Sendable (String) -> Void)?
    private var headComplete = false
    /// The last bytes seen, so a blank line split across two reads is found.
    private var tail: [UInt8] = []
    private var lastRead = NIODeadline.now()
    private var timer: Scheduled<Void>?

    /// A handler enforcing `limits`' timeouts; `onTimeout` is told why it closed a connection.
    public init(limits: ConnectionLimits, onTimeout: (@Sendable (String) -> Void)? = nil) {
        self.limits = limits
        self.onTimeout = onTimeout
    }

    public func handlerAdded(context: ChannelHandlerContext) {
        lastRead = .now()
        schedule(context, at: lastRead + limits.headerTimeout)
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    public func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastRead = .now()
        if !headComplete {
            let buffer = unwrapInboundIn(data)
            let bytes = tail + (buffer.getBytes(at: buffer.readerIndex, length: buffer.readableBytes) ?? [])
            if bytes.firstRange(of: [13, 10, 13, 10]) != nil {
                headComplete = true
                tail = []
                timer?.cancel()
                timer = nil
                schedule(context, at: lastRead + limits.idleTimeout)
            } else {
                tail = Array(bytes.suffix(3))
            }
        }
        context.fireChannelRead(data)
    }

    private func schedule(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: deadline) {
            let (handler, context) = loopBound.value
            handler.timer = nil
            handler.expired(context)
        }
    }

    private func expired(_ context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        if !headComplete {
            onTimeout?("no request head within \(limits.headerTimeout.seconds) s")
            context.close(promise: nil)
            return
        }
        let due = lastRead + limits.idleTimeout
        if due <= .now() {
            onTimeout?("nothing received for \(limits.idleTimeout.seconds) s")
            context.close(promise: nil)
        } else {
            schedule(context, at: due)
        }
    }
}

extension TimeAmount {
    /// Whole or fractional seconds, for messages.
    fileprivate var seconds: String {
        let value = Double(nanoseconds) / 1e9
        return value == value.rounded() ? String(Int64(value)) : String(value)
    }
}
