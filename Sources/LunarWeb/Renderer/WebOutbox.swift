/// Where a ``WebRenderer`` puts the messages for its page: the tab's WebSocket, or a test's list.
///
/// Sending never blocks and never fails: the connection writes messages in order, and drops
/// them once the tab has closed. A server's outbox is bounded (4 MiB waiting): a page that lets
/// more wait, reading nothing, is disconnected.
public struct WebOutbox: Sendable {
    private let sink: @Sendable (String) -> Void

    /// An outbox that hands each message to `sink`, in order.
    public init(_ sink: @escaping @Sendable (String) -> Void) { self.sink = sink }

    /// Queues `message` for the page.
    public func send(_ message: String) { sink(message) }
}
