import Synchronization

/// State that arrives from another thread (a process's output, a socket's messages) and that a
/// test waits on with a deadline: every ``update(_:)`` retries the waiters, so nothing polls.
///
/// The one waiting mechanism of the tests (`LiveProcess`, `TmuxSession`'s screens, the web
/// tests' page client, the debugger tests' DAP client, the headless session's transcript).
public final class Awaited<State: Sendable>: Sendable {
    private struct Waiter {
        var id: Int
        /// Tries to take what the waiter wants from the state; true when it did (and resumed).
        var attempt: @Sendable (inout State) -> Bool
        var fail: @Sendable (any Error) -> Void
    }

    private struct Box {
        var state: State
        var waiters: [Waiter] = []
        var nextID = 0
    }

    private let box: Mutex<Box>
    private let describe: @Sendable (State) -> String

    /// `describe` says what arrived so far, for the message of a wait that timed out.
    public init(_ state: State, describe: @escaping @Sendable (State) -> String) {
        box = Mutex(Box(state: state))
        self.describe = describe
    }

    /// Reads the state.
    public func read<T>(_ body: (State) -> T) -> T {
        box.withLock { body($0.state) }
    }

    /// Changes the state, then gives each waiter, oldest first, its chance at the new state.
    public func update(_ change: (inout State) -> Void) {
        box.withLock { box in
            change(&box.state)
            box.waiters.removeAll { $0.attempt(&box.state) }
        }
    }

    /// Waits until `take` returns a value for the state (it may change the state, to mark a
    /// message taken), at once if it does now; throws ``TimedOut`` naming `what` after `seconds`.
    public func wait<T: Sendable>(for what: String, within seconds: Double = 30,
                                  _ take: @escaping @Sendable (inout State) -> T?) async throws -> T {
        let id = box.withLock { box in
            box.nextID += 1
            return box.nextID
        }
        let timer = Task { [self] in
            try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            let (waiter, seen) = box.withLock { box in
                let index = box.waiters.firstIndex { $0.id == id }
                return (index.map { box.waiters.remove(at: $0) }, describe(box.state))
            }
            waiter?.fail(TimedOut(description: "no \(what) within \(seconds) s; so far:\n\(seen)"))
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            box.withLock { box in
                if let value = take(&box.state) {
                    continuation.resume(returning: value)
                    return
                }
                box.waiters.append(Waiter(id: id, attempt: { state in
                    guard let value = take(&state) else { return false }
                    continuation.resume(returning: value)
                    return true
                }, fail: { continuation.resume(throwing: $0) }))
            }
        }
    }
}

/// Messages in arrival order, each taken by at most one wait, and whether their source closed:
/// the state of a client that reads a stream of messages (``Awaited/next(_:within:where:)``).
public struct MessageLog<Message: Sendable>: Sendable {
    public private(set) var messages: [Message] = []
    public private(set) var taken: Set<Int> = []
    public var closed = false

    public init() {}

    public mutating func append(_ message: Message) { messages.append(message) }

    /// The first message not taken yet that matches, now marked taken.
    public mutating func take(where match: (Message) -> Bool) -> Message? {
        guard let index = messages.indices.first(where: { !taken.contains($0) && match(messages[$0]) }) else { return nil }
        taken.insert(index)
        return messages[index]
    }

    /// Whether a message not taken yet matches.
    public func hasUntaken(where match: (Message) -> Bool) -> Bool {
        messages.indices.contains { !taken.contains($0) && match(messages[$0]) }
    }
}

extension Awaited {
    /// Waits for the next message not taken yet that matches.
    public func next<Message: Sendable>(_ what: String, within seconds: Double = 30,
                                        where match: @escaping @Sendable (Message) -> Bool) async throws -> Message
    where State == MessageLog<Message> {
        try await wait(for: what, within: seconds) { $0.take(where: match) }
    }

    /// Waits until the source has closed.
    public func closed<Message: Sendable>(within seconds: Double = 30) async throws where State == MessageLog<Message> {
        try await wait(for: "close", within: seconds) { $0.closed ? () : nil }
    }
}
