/// A hot source: values sent into it reach the observers subscribed at that moment.
///
/// Like `RACSubject`: no replay, so a late subscriber sees only later events, except that a
/// subscriber arriving after the end gets the terminal event at once. A send from inside a
/// subscriber is delivered after the current event has reached every subscriber (see
/// `ObserverSet`). Confined to one executor.
public final class Subject<Value> {
    @usableFromInline
    let observers = ObserverSet<Value>()

    /// Makes a subject with no subscribers.
    public init() {}

    /// Only the subject sends, so once it is gone its subscriptions end (without an event),
    /// even while a signal made from it (held by `share()`, say) keeps the subscriber list.
    deinit {
        observers.disposeAll()
    }

    /// The subject's events as a signal; the signal keeps the subject's subscriber list alive.
    public var signal: Signal<Value> {
        Signal { [observers] observer in observers.add(observer) }
    }

    /// Sends a value to the current subscribers.
    @inlinable
    public func sendNext(_ value: Value) {
        observers.send(.next(value))
    }

    /// Ends the subject with an error; later sends are ignored.
    public func sendError(_ error: any Error) {
        observers.send(.failed(error))
    }

    /// Ends the subject normally; later sends are ignored.
    public func sendCompleted() {
        observers.send(.completed)
    }

    /// Subscribes `observer` directly, as subscribing to `signal` does, and returns what removes
    /// it; `nil` when the subject has ended (the observer has then received the end already).
    /// For a wrapper that keeps its own record of the subscribers (Lunar's Lua subjects).
    public func observe(_ observer: Observer<Value>) -> (any Disposable)? {
        observers.add(observer)
    }

    /// Whether a value or the end is being delivered right now (a send now would be queued).
    public var isDelivering: Bool { observers.isDelivering }

    /// Whether the subject has ended (error or completion sent).
    public var isTerminated: Bool { observers.terminal != nil }

    /// For a delivery made outside this type (Lunar hands values to Lua subscribers from Lua):
    /// queues `event` for the current subscribers exactly as a send from inside a subscriber
    /// would be queued, without delivering it. ``deliverQueued()`` delivers the queue.
    public func enqueue(_ event: Event<Value>) {
        observers.enqueue(event)
    }

    /// Delivers the events ``enqueue(_:)`` queued, in order, each to the subscribers it was
    /// queued for; does nothing during a delivery (that delivery drains the queue).
    public func deliverQueued() {
        observers.deliverQueued()
    }

    /// Sends any event (so `signal.subscribe(subject.send)` forwards a signal into the subject).
    public func send(_ event: Event<Value>) {
        observers.send(event)
    }
}
