import Foundation
import Logging
import LunarBase
import Synchronization

/// What one WebSocket connection has yet to send, bounded: a peer that stops reading while the
/// server keeps producing (renders, refusals) fills it, and is then dropped instead of growing
/// the server without bound.
///
/// `send` never blocks. Over ``limit`` bytes pending (a single message may exceed it when
/// nothing else is queued), the queue ends and `onOverflow` runs once: the connection closes.
final class ConnectionQueue: Sendable {
    /// The most bytes of text waiting for a peer before it is dropped.
    static let defaultLimit = 4 << 20

    let limit: Int
    /// The messages to write, in order; ends when the connection closes or overflows.
    let messages: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let state = Mutex<(pending: Int, overflowed: Bool)>((0, false))
    private let onOverflow: @Sendable () -> Void

    init(limit: Int = ConnectionQueue.defaultLimit, onOverflow: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.onOverflow = onOverflow
        (messages, continuation) = AsyncStream<String>.makeStream()
    }

    /// Whether the peer was dropped for not reading.
    var overflowed: Bool { state.withLock { $0.overflowed } }

    /// Queues `text`; past the limit, drops the peer instead.
    func send(_ text: String) {
        let size = text.utf8.count
        let accepted: Bool? = state.withLock { state in
            guard !state.overflowed else { return nil }
            if state.pending > 0, state.pending + size > limit {
                state.overflowed = true
                return false
            }
            state.pending += size
            return true
        }
        switch accepted {
        case true?: continuation.yield(text)
        case false?:
            continuation.finish()
            onOverflow()
        case nil: break
        }
    }

    /// The writer wrote `text`: its bytes no longer count as pending.
    func wrote(_ text: String) {
        let size = text.utf8.count
        state.withLock { $0.pending -= size }
    }

    /// No more messages: the writer finishes what is queued.
    func finish() { continuation.finish() }

    /// An outbox that queues here.
    var outbox: WebOutbox { WebOutbox { [self] in send($0) } }
}

/// Refusal logging for one connection: the first few lines as they come, then a count, so a
/// peer sending junk in a loop cannot fill the log (one summary line when it closes).
final class RefusalLog: Sendable {
    /// Lines logged per connection before the rest are only counted.
    static let defaultBurst = 5

    private let burst: Int
    private let every: Int
    private let logger: Logger
    private let label: String
    private let what: String
    private let counts = Mutex<(logged: Int, suppressed: Int)>((0, 0))

    /// A log of `what` (`a message`) refused on `label`; after `burst` lines, one line per
    /// `every` further refusals (a server-wide log) or none until ``summarize()``.
    init(logger: Logger, label: String, what: String = "a message", burst: Int = RefusalLog.defaultBurst, every: Int = .max) {
        self.logger = logger
        self.label = label
        self.what = what
        self.burst = burst
        self.every = every
    }

    /// Logs `reason` at warning level, unless the burst is spent.
    func refused(_ reason: String) {
        let (log, last, count) = counts.withLock { counts -> (Bool, Bool, Int) in
            guard counts.logged < burst else {
                counts.suppressed += 1
                return (counts.suppressed % every == 0, false, counts.suppressed)
            }
            counts.logged += 1
            return (true, counts.logged == burst, 0)
        }
        guard log else { return }
        let reason = Self.oneLine(reason)
        if count > 0 {
            logger.warning("\(label): refused \(count) more, not logged, the last: \(reason)")
            return
        }
        logger.warning("\(label): refused \(what): \(reason)")
        if last { logger.warning("\(label): further refusals are counted, not each logged") }
    }

    /// `reason` as one short line: control characters escaped (a peer's text in a reason cannot
    /// forge a log line), at most 200 characters. Backslashes stay: a reason may quote JSON.
    static func oneLine(_ reason: String) -> String {
        LogText.escaped(reason, limit: 200, backslashes: false)
    }

    /// Logs how many refusals went unlogged, if any (once, when the connection ends).
    func summarize() {
        let suppressed = counts.withLock { counts in
            defer { counts.suppressed = 0 }
            return counts.suppressed
        }
        if suppressed > 0 { logger.warning("\(label): refused \(suppressed) more message(s), not logged") }
    }
}
