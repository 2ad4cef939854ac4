/// One event of a signal: any number of values, then at most one of `failed` or `completed`.
///
/// After a terminal event (`failed` or `completed`) a signal sends nothing more; `Observer`
/// enforces that, so operators and subscribers can rely on it.
public enum Event<Value> {
    /// A value.
    case next(Value)
    /// The signal ended with an error; nothing follows.
    case failed(any Error)
    /// The signal ended normally; nothing follows.
    case completed

    /// Whether this event ends the signal (`failed` or `completed`).
    @inlinable
    public var isTerminal: Bool {
        if case .next = self { return false }
        return true
    }

    /// The value of a `next` event, or `nil` for a terminal event.
    @inlinable
    public var value: Value? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of a `failed` event, or `nil` otherwise.
    @inlinable
    public var error: (any Error)? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// The same event with its value transformed; terminal events pass unchanged.
    @inlinable
    public func map<NewValue>(_ transform: (Value) throws -> NewValue) rethrows -> Event<NewValue> {
        switch self {
        case .next(let value): return .next(try transform(value))
        case .failed(let error): return .failed(error)
        case .completed: return .completed
        }
    }
}
