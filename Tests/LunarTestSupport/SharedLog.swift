import Synchronization

/// Values recorded where they happen (on an engine's executor, in a script's error handler, on a
/// server's thread) and read by the test: one locked, append-only list. The one fixture for
/// collected reports, printed text, marks and batches.
public final class SharedLog<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    public init() {}

    public func append(_ element: Element) { items.withLock { $0.append(element) } }

    /// Everything recorded so far, in order.
    public var all: [Element] { items.withLock { $0 } }

    /// Everything recorded so far, and the log emptied.
    public func take() -> [Element] {
        items.withLock { items in
            defer { items = [] }
            return items
        }
    }
}

extension SharedLog where Element == String {
    /// The pieces joined: what a script printed, when `state.output` appends each piece.
    public var text: String { all.joined() }
}
