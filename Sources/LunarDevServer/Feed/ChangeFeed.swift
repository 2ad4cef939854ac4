import LunarJSON
import Synchronization

/// Fans change batches out to every connected `/events` client.
///
/// Each subscriber gets its own buffered stream, so a slow client never holds
/// up the others. Safe to use from any thread.
final class ChangeFeed: Sendable {
    /// What a subscriber receives.
    enum Item: Sendable, Equatable {
        /// Paths that changed, with the feed's generation after the change.
        case changed([String], generation: Int)
        /// Nothing changed; written as a comment to keep idle connections open.
        case heartbeat
    }

    private struct Subscribers {
        var continuations: [Int: AsyncStream<Item>.Continuation] = [:]
        var nextID = 0
        var generation = 0
        var finished = false
    }

    private let subscribers = Mutex(Subscribers())

    /// The number of batches published so far.
    var generation: Int { subscribers.withLock { $0.generation } }

    /// Opens a stream of items; it ends when the feed finishes or the
    /// consumer stops iterating.
    func subscribe() -> (stream: AsyncStream<Item>, generation: Int) {
        let (stream, continuation) = AsyncStream<Item>.makeStream()
        let (id, generation, finished) = subscribers.withLock { s in
            let id = s.nextID
            s.nextID += 1
            if !s.finished { s.continuations[id] = continuation }
            return (id, s.generation, s.finished)
        }
        if finished {
            continuation.finish()
        } else {
            continuation.onTermination = { [weak self] _ in
                _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
            }
        }
        return (stream, generation)
    }

    /// Sends a batch of changed paths (sorted) to every subscriber.
    func publish(_ paths: Set<String>) {
        guard !paths.isEmpty else { return }
        let sorted = paths.sorted()
        let (targets, generation) = subscribers.withLock { s in
            s.generation += 1
            return (Array(s.continuations.values), s.generation)
        }
        for continuation in targets { continuation.yield(.changed(sorted, generation: generation)) }
    }

    /// Sends a heartbeat to every subscriber.
    func heartbeat() {
        for continuation in subscribers.withLock({ Array($0.continuations.values) }) { continuation.yield(.heartbeat) }
    }

    /// Ends every stream (so streaming responses complete and the server can stop).
    func finish() {
        let targets = subscribers.withLock { s in
            s.finished = true
            defer { s.continuations = [:] }
            return Array(s.continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }

    /// The wire form of a change batch: `{"changed": [...]}`.
    static func changeEvent(_ paths: [String], generation: Int) -> ServerSentEvent {
        let json = JSONValue.object(["changed": .array(paths.map { .string($0) })])
        return ServerSentEvent(data: (try? json.serializedText()) ?? #"{"changed":[]}"#, id: String(generation))
    }
}
