/// A mutable value that is also a signal: subscribing sends the current value at once, then
/// every later change. This is `signal.value(v)` in Lua.
///
/// Setting `value` from inside a subscriber updates `value` immediately; the notification is
/// delivered after the current one has reached every subscriber, so all subscribers see the
/// changes in the same order. A property never completes. Confined to one executor.
public final class Property<Value> {
    private let observers = ObserverSet<Value>()

    /// The current value. Setting it notifies the subscribers (even if it is equal to the old one;
    /// chain `distinctUntilChanged()` to drop repeats).
    public var value: Value {
        didSet { observers.send(.next(value)) }
    }

    /// Makes a property holding `initial`.
    public init(_ initial: Value) {
        value = initial
    }

    /// The current value followed by every change. The signal keeps the property alive.
    public var signal: Signal<Value> {
        Signal { observer in
            observer.sendNext(self.value)
            guard !observer.isDisposed else { return nil }
            return self.observers.add(observer)
        }
    }

    /// Only the changes after subscribing, without the current value.
    public var changes: Signal<Value> {
        Signal { [observers] observer in observers.add(observer) }
    }
}
