import Synchronization

/// A tab's page messages read from its socket and not yet handled. The server reads the socket
/// on while the tab's app handles a message, so a socket that closes is seen, and the tab's
/// scripts stopped, even while one of them runs. Bounded: with `capacity` messages waiting,
/// reading pauses until the app takes one (a page cannot queue without limit).
///
/// One reader puts, one handler takes.
final class TabInbox<Element: Sendable>: Sendable {
    private struct State {
        var items: [Element] = []
        var finished = false
        var taker: CheckedContinuation<Element?, Never>?
        var putter: CheckedContinuation<Void, Never>?
    }

    private enum Taken {
        case item(Element, room: CheckedContinuation<Void, Never>?)
        case end
        case waiting
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Adds a message, waiting while `capacity` wait; after ``finish()`` drops it.
    func put(_ item: Element) async {
        await withCheckedContinuation { (room: CheckedContinuation<Void, Never>) in
            let wait = state.withLock { state in
                guard !state.finished, state.items.count >= capacity else { return false }
                state.putter = room
                return true
            }
            if !wait { room.resume() }
        }
        let taker = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            guard !state.finished else { return nil }
            if let taker = state.taker {
                state.taker = nil
                return taker
            }
            state.items.append(item)
            return nil
        }
        taker?.resume(returning: item)
    }

    /// The oldest message, waiting for one; nil once finished.
    func next() async -> Element? {
        await withCheckedContinuation { (taker: CheckedContinuation<Element?, Never>) in
            let taken = state.withLock { state -> Taken in
                if !state.items.isEmpty {
                    let item = state.items.removeFirst()
                    defer { state.putter = nil }
                    return .item(item, room: state.putter)
                }
                if state.finished { return .end }
                state.taker = taker
                return .waiting
            }
            switch taken {
            case .item(let item, let room):
                room?.resume()
                taker.resume(returning: item)
            case .end: taker.resume(returning: nil)
            case .waiting: break
            }
        }
    }

    /// Ends the inbox (the socket closed): the messages waiting are dropped, and a handler
    /// waiting for one gets nil.
    func finish() {
        let (taker, putter) = state.withLock { state in
            state.finished = true
            state.items.removeAll()
            defer {
                state.taker = nil
                state.putter = nil
            }
            return (state.taker, state.putter)
        }
        taker?.resume(returning: nil)
        putter?.resume()
    }
}
