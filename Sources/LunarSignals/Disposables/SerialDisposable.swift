/// Holds one disposable at a time: replacing it disposes the previous one.
///
/// Once disposed, any disposable assigned later is disposed at once. Not thread-safe.
public final class SerialDisposable: Disposable {
    private var current: (any Disposable)?

    /// Whether this holder has been disposed.
    public private(set) var isDisposed = false

    /// Makes an empty holder.
    public init() {}

    /// The disposable currently held. Setting it disposes the one it replaces (unless it is
    /// the same object), or disposes the new one at once if this holder is already disposed.
    public var inner: (any Disposable)? {
        get { current }
        set {
            if isDisposed {
                newValue?.dispose()
                return
            }
            let previous = current
            current = newValue
            if let previous, previous !== newValue {
                previous.dispose()
            }
        }
    }

    /// Disposes the held disposable and every one assigned later.
    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let held = current
        current = nil
        held?.dispose()
    }
}
