import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import Synchronization

/// A page as a test drives it: one WebSocket to a ``WebServer``, the messages it receives,
/// and waits for a message that satisfies a condition (no sleeps: each arrival checks the waiters).
final class PageClient: Sendable {
    private let inbox = Inbox()
    private let outgoing: AsyncStream<String>.Continuation
    private let task: Task<Void, Never>

    /// Connects to `server`'s socket as a page at `path` would, with `origin` (nil: none sent).
    init(server: URL, path: String = "/", origin: String?, query: String = "") {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        outgoing = continuation
        var headers = HTTPFields()
        if let origin { headers[.origin] = origin }
        let port = server.port ?? 80
        let url = "ws://127.0.0.1:\(port)/lunar/ws?path=\(path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/")\(query)"
        let inbox = self.inbox
        task = Task {
            do {
                try await WebSocketClient.connect(
                    url: url, configuration: .init(maxFrameSize: 1 << 21, additionalHeaders: headers),
                    logger: Logger(label: "test.page")
                ) { inbound, outbound, _ in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for try await message in inbound.messages(maxSize: 1 << 21) {
                                if case .text(let text) = message { inbox.record(text) }
                            }
                        }
                        group.addTask {
                            for await text in stream { try await outbound.write(.text(text)) }
                            try await outbound.close(.normalClosure, reason: nil)
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            } catch {
                inbox.withLock { $0.failure = "\(error)" }
            }
            inbox.close()
        }
    }

    var messages: [String] { inbox.withLock { $0.messages } }
    var failure: String? { inbox.withLock { $0.failure } }

    func send(_ text: String) { outgoing.yield(text) }

    /// Closes the socket, as closing the tab does.
    func close() async {
        outgoing.finish()
        await task.value
    }

    /// Waits until a received message contains `text`.
    func waitFor(_ text: String, within seconds: Double = 20) async throws {
        try await waitUntil("a message containing \(text)", within: seconds) { messages, _ in messages.contains { $0.contains(text) } }
    }

    /// Waits until the socket closed.
    func waitForClose(within seconds: Double = 20) async throws {
        try await waitUntil("the socket to close", within: seconds) { _, closed in closed }
    }

    func waitUntil(_ what: String, within seconds: Double, _ check: @escaping @Sendable ([String], Bool) -> Bool) async throws {
        let id = inbox.withLock { s in
            s.nextID += 1
            return s.nextID
        }
        let timer = Task { [inbox] in
            try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            let waiter = inbox.withLock { s in
                let found = s.waiters.first { $0.id == id }
                s.waiters.removeAll { $0.id == id }
                return (found?.continuation, s.messages)
            }
            waiter.0?.resume(throwing: PageTimeout(description: "no \(what) within \(seconds) s; got \(waiter.1)"))
        }
        defer { timer.cancel() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let satisfied = inbox.withLock { s in
                if check(s.messages, s.closed) { return true }
                s.waiters.append((id, check, continuation))
                return false
            }
            if satisfied { continuation.resume() }
        }
    }
}

/// What a page received, behind a lock, and the waiters each arrival checks.
final class Inbox: Sendable {
    struct State {
        var messages: [String] = []
        var closed = false
        var failure: String?
        var waiters: [(id: Int, check: @Sendable ([String], Bool) -> Bool, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID = 0
    }

    private let mutex = Mutex(State())

    func withLock<T>(_ body: (inout State) -> T) -> T { mutex.withLock { body(&$0) } }

    func record(_ text: String) {
        let ready = withLock { s -> [CheckedContinuation<Void, any Error>] in
            s.messages.append(text)
            return Self.take(&s)
        }
        for continuation in ready { continuation.resume() }
    }

    func close() {
        let ready = withLock { s -> [CheckedContinuation<Void, any Error>] in
            s.closed = true
            return Self.take(&s)
        }
        for continuation in ready { continuation.resume() }
    }

    private static func take(_ s: inout State) -> [CheckedContinuation<Void, any Error>] {
        let (messages, closed) = (s.messages, s.closed)
        let done = s.waiters.filter { $0.check(messages, closed) }
        s.waiters.removeAll { w in done.contains { $0.id == w.id } }
        return done.map(\.continuation)
    }
}

struct PageTimeout: Error, CustomStringConvertible {
    var description: String
}
