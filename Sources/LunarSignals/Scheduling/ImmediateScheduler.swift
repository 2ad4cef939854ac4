/// A scheduler that runs every action synchronously, at the moment it is scheduled.
///
/// It has no timer: an action scheduled after a delay also runs at once (time does not pass), so
/// use it only where no real waiting is meant, such as pipelines without time operators. `now`
/// reads a monotonic clock, in seconds since the scheduler was made.
public final class ImmediateScheduler: Scheduler {
    private let origin = ContinuousClock.now

    /// Makes an immediate scheduler.
    public init() {}

    /// Seconds elapsed since this scheduler was made (monotonic).
    public var now: Double {
        let elapsed = ContinuousClock.now - origin
        let (seconds, attoseconds) = elapsed.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// Runs `action` now.
    public func schedule(_ action: @escaping () -> Void) {
        action()
    }

    /// Runs `action` now, ignoring `delay`; returns an already disposed disposable.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> any Disposable {
        action()
        let done = ActionDisposable()
        done.dispose()
        return done
    }
}
