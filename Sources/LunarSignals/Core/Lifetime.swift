/// An owner for a group of subscriptions that ends them all at once: what a screen or view-model
/// holds so that everything it subscribed is dropped when it closes.
///
/// `add(_:)` takes any disposable; `end()` disposes them all (and anything added later). The
/// `ended` signal lets operators observe the end: `signal.take(during: lifetime)` completes when
/// the lifetime ends. A lifetime also ends when it is deallocated. Confined to one executor.
public final class Lifetime {
    private let disposables = CompositeDisposable()
    private let endings = ReplaySubject<Void>(capacity: 1)

    /// Makes a lifetime that has not ended.
    public init() {}

    /// Whether `end()` has run.
    public private(set) var isEnded = false

    /// Sends one value and completes when the lifetime ends; at once if it already has.
    public var ended: Signal<Void> { endings.signal }

    /// Ties `disposable` to this lifetime: it is disposed when the lifetime ends (at once if it
    /// already has).
    public func add(_ disposable: (any Disposable)?) {
        disposables.add(disposable)
    }

    /// Ends the lifetime: notifies `ended`, then disposes everything added. Idempotent.
    public func end() {
        guard !isEnded else { return }
        isEnded = true
        endings.sendNext(())
        endings.sendCompleted()
        disposables.dispose()
    }

    deinit {
        end()
    }
}
