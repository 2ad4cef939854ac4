/// A disposable that runs an action the first time it is disposed, then releases the action.
///
/// Not thread-safe: dispose it on the executor that created it.
public final class ActionDisposable: Disposable {
    @usableFromInline
    var action: (() -> Void)?

    /// Whether the action has run (or there was none).
    public var isDisposed: Bool { action == nil }

    /// Makes a disposable that runs `action` once, on the first `dispose()`.
    public init(_ action: @escaping () -> Void) {
        self.action = action
    }

    /// Makes a disposable with nothing to run; it starts out not disposed.
    public convenience init() {
        self.init {}
    }

    /// Runs the action if it has not run yet, then drops it (and what it captured).
    public func dispose() {
        guard let action else { return }
        self.action = nil
        action()
    }
}
