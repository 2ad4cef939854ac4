extension Signal {
    /// One subscription to this signal shared by all current subscribers.
    ///
    /// The first subscriber connects; later ones see only later events; when the last one
    /// leaves, the source subscription is disposed, and the next subscriber connects anew. After
    /// the source ends, the next subscriber also connects anew.
    public func share() -> Signal<Value> {
        let connection = SharedConnection(source: self)
        return Signal { observer in connection.join(observer) }
    }

    /// Connects to this signal on the first subscription and keeps that one subscription,
    /// replaying the last `capacity` values (and the terminal event) to every subscriber
    /// (ReactiveObjC's `replayLazily`; `replayLast` is `replay(1)`). The connection lasts until
    /// the source ends, whether or not anyone is still subscribed.
    public func replay(_ capacity: Int = .max) -> Signal<Value> {
        let subject = ReplaySubject<Value>(capacity: capacity)
        var isConnected = false
        return Signal { observer in
            let subscription = subject.signal.forward(to: observer)
            if !isConnected {
                isConnected = true
                self.subscribe(subject.send)
            }
            return subscription
        }
    }
}

/// The shared upstream subscription behind `share()`, reference-counted by its subscribers.
///
/// Ownership runs from the source down: the source holds the upstream observer, whose handler
/// holds the subscriber set, which holds the subscribers. The connection holds the set weakly
/// and each membership names its connection by number, not by the set, so no cycle outlives
/// the upstream subscription: once the source lets go of it, the set goes and its subscribers
/// end with it.
final class SharedConnection<Value> {
    private let source: Signal<Value>
    private weak var subscribers: ObserverSet<Value>?
    /// Counts connections, so a membership of an earlier one leaves nothing when it ends.
    private var generation = 0
    private var count = 0
    private var upstream: Observer<Value>?

    init(source: Signal<Value>) {
        self.source = source
    }

    func join(_ observer: Observer<Value>) -> any Disposable {
        let subscribers: ObserverSet<Value>
        let connects = self.subscribers == nil
        if let current = self.subscribers {
            subscribers = current
        } else {
            subscribers = ObserverSet()
            self.subscribers = subscribers
            generation += 1
        }
        count += 1
        let membership = subscribers.add(observer)
        let joined = generation
        let leaving = ActionDisposable {
            membership?.dispose()
            self.leave(joined)
        }
        if connects {
            let upstream = Observer<Value>(subscribers.send)
            self.upstream = upstream
            source.subscribe(upstream)
        }
        return leaving
    }

    private func leave(_ joined: Int) {
        guard joined == generation else { return }
        count -= 1
        guard count == 0 else { return }
        subscribers = nil
        let upstream = self.upstream
        self.upstream = nil
        upstream?.dispose()
    }
}
