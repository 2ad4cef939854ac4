/// Something that can be torn down once: a subscription, a scheduled action, a group of them.
///
/// Disposing is idempotent: the second and later calls do nothing. Disposables are confined to
/// the executor that created them (the runtime's serial executor) and are not thread-safe.
public protocol Disposable: AnyObject {
    /// Whether `dispose()` has been called (or the resource ended by itself).
    var isDisposed: Bool { get }

    /// Releases the resource. Calling it again does nothing.
    func dispose()
}
