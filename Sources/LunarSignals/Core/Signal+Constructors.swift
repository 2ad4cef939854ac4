extension Signal {
    /// A signal that sends each element of `values` in order, then completes, on every subscription.
    ///
    /// Stops early if the subscription ends while sending (for example under `take`).
    @inlinable
    public static func from<Values: Sequence>(_ values: Values) -> Signal<Value> where Values.Element == Value {
        Signal { observer in
            for value in values {
                guard !observer.isDisposed else { return nil }
                observer.sendNext(value)
            }
            observer.sendCompleted()
            return nil
        }
    }

    /// A signal that sends the given values in order, then completes.
    public static func of(_ values: Value...) -> Signal<Value> {
        from(values)
    }

    /// A signal that sends one value, then completes.
    public static func just(_ value: Value) -> Signal<Value> {
        Signal { observer in
            observer.sendNext(value)
            observer.sendCompleted()
            return nil
        }
    }

    /// A signal that completes at once without sending a value.
    public static func empty() -> Signal<Value> {
        Signal { observer in
            observer.sendCompleted()
            return nil
        }
    }

    /// A signal that never sends anything.
    public static func never() -> Signal<Value> {
        Signal { _ in nil }
    }

    /// A signal that fails at once with `error`.
    public static func fail(_ error: any Error) -> Signal<Value> {
        Signal { observer in
            observer.sendError(error)
            return nil
        }
    }

    /// A signal built anew by `make` for each subscription (so side effects run per subscriber).
    public static func deferred(_ make: @escaping () throws -> Signal<Value>) -> Signal<Value> {
        Signal { observer in
            do {
                // Forwarded, not subscribed directly: the made signal attaches its own resources.
                return try make().forward(to: observer)
            } catch {
                observer.sendError(error)
                return nil
            }
        }
    }
}
