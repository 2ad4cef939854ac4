/// A virtual-time scheduler for tests: nothing runs until the test advances time, and no real
/// time passes, so time operators are tested deterministically and instantly.
///
/// `schedule(_:)` queues the action at the current time (it runs on the next `advance` or `run`,
/// not inside the call). Actions run in due-time order, then in the order they were scheduled;
/// while an action runs, `now` is its due time. Confined to the test's executor.
public final class TestScheduler: Scheduler {
    private let queue = TimerQueue()

    /// The virtual time, in seconds.
    public private(set) var now: Double

    /// Makes a scheduler whose clock starts at `now` seconds.
    public init(now: Double = 0) {
        self.now = now
    }

    /// Whether any action is waiting (cancelled ones do not count).
    public var hasPendingActions: Bool { !queue.isEmpty }

    /// Queues `action` at the current virtual time.
    public func schedule(_ action: @escaping () -> Void) {
        queue.add(at: now, action)
    }

    /// Queues `action` `delay` seconds after the current virtual time.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> any Disposable {
        queue.add(at: now + max(0, delay), action)
    }

    /// Moves the clock forward by `seconds`, running every action that falls due on the way,
    /// including ones those actions schedule within the window.
    public func advance(by seconds: Double = 0) {
        advance(to: now + seconds)
    }

    /// Moves the clock forward to `time`, running every action due by then.
    public func advance(to time: Double) {
        precondition(time >= now, "TestScheduler cannot move back in time")
        while let (deadline, action) = queue.popDue(notAfter: time) {
            now = max(now, deadline)
            action()
        }
        now = time
    }

    /// Runs actions until none is left, moving the clock to each one's due time.
    /// Never returns if actions keep rescheduling themselves (such as `interval`).
    public func run() {
        while let (deadline, action) = queue.popDue(notAfter: .infinity) {
            now = max(now, deadline)
            action()
        }
    }
}
