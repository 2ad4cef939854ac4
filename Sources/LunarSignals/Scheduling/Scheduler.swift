/// Where and when deferred work runs: the clock and timer queue that time operators use.
///
/// Time is in seconds as `Double` (Lua's unit). The runtime implements this over its serial
/// executor and timer heap; `TestScheduler` is the virtual-time implementation for tests, and
/// `ImmediateScheduler` runs everything at once.
///
/// Contract: actions run one at a time on the scheduler's executor, never concurrently with
/// other work on that executor, and actions due at the same time run in the order scheduled.
/// Schedulers are not `Sendable`: call them from their executor.
public protocol Scheduler: AnyObject {
    /// The scheduler's current time, in seconds; it never goes backwards.
    var now: Double { get }

    /// Runs `action` as soon as possible, after the currently running work returns.
    func schedule(_ action: @escaping () -> Void)

    /// Runs `action` once, `delay` seconds from `now` (a negative delay counts as zero).
    /// Disposing the result before then cancels it and releases `action`.
    @discardableResult
    func schedule(after delay: Double, _ action: @escaping () -> Void) -> any Disposable
}
