/// The receiving end of one subscription: a producer sends events into it, and it hands them to
/// the subscriber's handler while the subscription lives.
///
/// An observer enforces the event grammar: after the first `error` or `completed` it drops
/// every further event, releases the handler (and whatever the handler captured, such as a Lua
/// function) and disposes the resources the producer attached. Disposing the observer does the
/// same without sending anything, so an observer is also the subscription's `Disposable`.
///
/// Confined to one executor: every send and the disposal must happen there.
public final class Observer<Value>: Disposable {
    /// `nil` once the subscription has ended; that is what makes later sends no-ops. Read on
    /// every event, never accessed overlapping (one executor): no exclusivity bookkeeping.
    @usableFromInline @exclusivity(unchecked)
    var handler: ((Event<Value>) -> Void)?

    @usableFromInline @exclusivity(unchecked)
    var resources: (any Disposable)?

    /// The observer this one is the whole upstream of (an operator's downstream), if any. The
    /// two hold each other while the subscription lives (that one disposes this one; this
    /// one's handler sends to that one), so when this one is disposed from above (its source
    /// went away), that one can never get an event again and is disposed too, which ends the
    /// cycle. Cleared when this one ends.
    @usableFromInline @exclusivity(unchecked)
    var feeds: (any Disposable)?

    /// Makes an observer that hands events to `handler` until a terminal event or disposal.
    public init(_ handler: @escaping (Event<Value>) -> Void) {
        self.handler = handler
    }

    /// Whether the subscription has ended (terminal event received or disposed).
    public var isDisposed: Bool { handler == nil }

    /// Sends a value; does nothing once the subscription has ended.
    @inlinable
    public func sendNext(_ value: Value) {
        handler?(.next(value))
    }

    /// Ends the subscription with an error; does nothing if it has already ended.
    public func sendError(_ error: any Error) {
        send(.failed(error))
    }

    /// Ends the subscription normally; does nothing if it has already ended.
    public func sendCompleted() {
        send(.completed)
    }

    /// Sends any event. A terminal event first ends the subscription (disposing its resources),
    /// then reaches the handler, so a handler that starts new work sees the old work torn down.
    @inlinable
    public func send(_ event: Event<Value>) {
        guard let handler else { return }
        if case .next = event {
            handler(event)
            return
        }
        end()
        handler(event)
    }

    /// Ends the subscription without sending anything to the handler; an operator observer
    /// this one is the whole upstream of ends with it.
    public func dispose() {
        guard handler != nil else { return }
        let fed = feeds
        end()
        fed?.dispose()
    }

    /// Makes this observer the whole upstream of `downstream`: `downstream` disposes it when
    /// it ends, and ends when this one is disposed.
    @usableFromInline
    func feed(_ downstream: any Disposable) {
        feeds = downstream
    }

    /// Attaches the producer's resources (what to dispose when the subscription ends), replacing
    /// any attached before; disposes them at once if the subscription already ended. For
    /// operators built outside this module.
    @inlinable
    public func attach(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        if handler == nil {
            disposable.dispose()
        } else {
            resources = disposable
        }
    }

    @usableFromInline
    func end() {
        handler = nil
        feeds = nil
        let held = resources
        resources = nil
        held?.dispose()
    }
}
