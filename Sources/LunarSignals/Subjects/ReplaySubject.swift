/// A hot source that also replays its last `capacity` values (and its terminal event, if any)
/// to each new subscriber, then delivers live events.
///
/// Re-entrant sends follow the `Subject` rule; a subscriber added mid-delivery gets the buffer as
/// it stands and no duplicate. Confined to one executor.
public final class ReplaySubject<Value> {
    /// The most values kept for replay.
    public let capacity: Int

    private let observers = ObserverSet<Value>()
    private var buffer: [Value] = []
    private var head = 0

    /// Makes a replay subject keeping at most `capacity` values (`Int.max` keeps them all).
    public init(capacity: Int = .max) {
        precondition(capacity >= 0, "ReplaySubject capacity must not be negative")
        self.capacity = capacity
    }

    /// The values a new subscriber would receive first, oldest first.
    public var replayedValues: [Value] {
        Array(buffer[head...] + buffer[..<head])
    }

    /// The subject's events as a signal: the buffered values, then live events. The signal keeps
    /// the subject alive.
    public var signal: Signal<Value> {
        Signal { observer in
            for value in self.replayedValues {
                guard !observer.isDisposed else { return nil }
                observer.sendNext(value)
            }
            return self.observers.add(observer)
        }
    }

    /// Records a value for replay and sends it to the current subscribers.
    public func sendNext(_ value: Value) {
        guard observers.terminal == nil else { return }
        remember(value)
        observers.send(.next(value))
    }

    /// Ends the subject with an error, which is replayed after the buffered values.
    public func sendError(_ error: any Error) {
        observers.send(.failed(error))
    }

    /// Ends the subject normally; the completion is replayed after the buffered values.
    public func sendCompleted() {
        observers.send(.completed)
    }

    /// Sends any event.
    public func send(_ event: Event<Value>) {
        switch event {
        case .next(let value): sendNext(value)
        case .failed(let error): sendError(error)
        case .completed: sendCompleted()
        }
    }

    /// Appends to the ring buffer; once full, overwrites the oldest value.
    private func remember(_ value: Value) {
        guard capacity > 0 else { return }
        if buffer.count < capacity {
            buffer.append(value)
        } else {
            buffer[head] = value
            head = (head + 1) % capacity
        }
    }
}
