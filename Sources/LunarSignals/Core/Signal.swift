/// A stream of events (values, then at most one error or completion), started by subscribing.
///
/// A signal made with `init(_:)` is cold: each subscription runs the start function anew. Hot
/// sources (`Subject`, `ReplaySubject`, `Property`) expose a `Signal` too. Operators are methods
/// returning new signals, so chains read `signal.map(f).filter(g)`.
///
/// Threading: a signal and its subscriptions are confined to one executor (the runtime's serial
/// executor). Nothing here locks or hops threads; time-based operators take a `Scheduler`.
/// Ownership: a subscription keeps its producer alive; disposing it (or a terminal event)
/// releases the subscriber's closures and the producer's resources.
public final class Signal<Value> {
    @usableFromInline
    let start: (Observer<Value>) -> (any Disposable)?

    /// Makes a cold signal: `start` runs once per subscription with that subscription's observer
    /// and returns what to dispose when the subscription ends (or `nil` for nothing).
    ///
    /// `start` may send events synchronously before returning; if it ends the subscription that
    /// way, the disposable it returns is disposed as soon as it returns.
    public init(_ start: @escaping (Observer<Value>) -> (any Disposable)?) {
        self.start = start
    }

    /// Subscribes an observer and returns the subscription (the observer itself). An observer
    /// that has already ended does not start the signal.
    @inlinable
    @discardableResult
    func subscribe(_ observer: Observer<Value>) -> any Disposable {
        guard !observer.isDisposed else { return observer }
        observer.attach(start(observer))
        return observer
    }

    /// Subscribes with one handler for every event. The handler runs on the executor that sends,
    /// and is released when the subscription ends.
    @inlinable
    @discardableResult
    public func subscribe(_ handler: @escaping (Event<Value>) -> Void) -> any Disposable {
        subscribe(Observer(handler))
    }

    /// Subscribes with a handler per kind of event; any may be omitted.
    @discardableResult
    public func subscribe(
        next: ((Value) -> Void)? = nil,
        error: ((any Error) -> Void)? = nil,
        completed: (() -> Void)? = nil
    ) -> any Disposable {
        subscribe { event in
            switch event {
            case .next(let value): next?(value)
            case .failed(let failure): error?(failure)
            case .completed: completed?()
            }
        }
    }
}
