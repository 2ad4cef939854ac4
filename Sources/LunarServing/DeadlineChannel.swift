import HummingbirdCore
import Logging
import NIOCore

/// A server's child channel with ``ConnectionDeadlineHandler`` first in each connection's
/// pipeline: it sees the raw bytes, so a request head that never ends is closed at the header
/// timeout whatever the channel above it speaks (HTTP/1, HTTP/1 with WebSocket upgrades).
public struct DeadlineChannel<Inner: ServerChildChannel>: ServerChildChannel {
    public typealias Value = Inner.Value
    /// The channel each connection speaks once the deadline handler is in place.
    public let inner: Inner
    /// The timeouts the deadline handler enforces.
    public let limits: ConnectionLimits

    /// `inner` with `limits`' timeouts in front.
    public init(inner: Inner, limits: ConnectionLimits) {
        self.inner = inner
        self.limits = limits
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionDeadlineHandler(limits: limits))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    public func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
