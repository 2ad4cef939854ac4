import LunarBridge
import LunarSignals

/// The `Scheduler` that `lunar.signal`'s time operators and `signal.interval` use: the runtime's
/// executor and its clock, so they follow the virtual clock in tests exactly like `lunar.timer`.
///
/// Actions wait in a `TimerQueue`; one executor timer is armed for the earliest of them. When it
/// fires, every action due by the executor's time runs in due-time order, and `now` reads each
/// action's due time while it runs, so actions scheduled from an action (an interval's next tick,
/// a delay after a debounce) also run within one `engine.advance(by:)`. A pending action keeps the
/// executor busy (so `lunar exec` and headless `wait` wait for it); cancelling the last one
/// disarms the timer. Confined to the executor.
final class ExecutorScheduler: Scheduler {
    private let executor: LuaExecutor
    private let queue = TimerQueue()
    private var armed: (id: Int, deadline: Double)?
    private var runningDeadline: Double?

    /// Makes a scheduler over `executor`.
    init(executor: LuaExecutor) {
        self.executor = executor
    }

    /// The executor's time in seconds; while an action runs, that action's due time.
    var now: Double { runningDeadline ?? executor.now }

    /// Runs `action` on the executor after the work already queued.
    func schedule(_ action: @escaping () -> Void) {
        let job = ExecutorBound((WeakScheduler(self), action))
        executor.enqueue {
            guard job.value.0.scheduler != nil else { return }  // the state is gone
            job.value.1()
        }
    }

    /// Runs `action` once, `delay` seconds from `now`; disposing the result cancels it.
    @discardableResult
    func schedule(after delay: Double, _ action: @escaping () -> Void) -> any Disposable {
        let entry = queue.add(at: now + max(0, delay), action)
        rearm()
        return ScheduledAction(entry: entry, scheduler: self)
    }

    /// Drops every waiting action unrun (their closures hold subscriptions) and disarms the
    /// timer: for the state's end, when nothing may run any more.
    func cancelAll() {
        queue.removeAll()
        if let armed {
            executor.cancelTimer(armed.id)
            self.armed = nil
        }
    }

    /// Arms the executor timer for the earliest waiting action, or disarms it when none waits.
    /// While actions run, `fire` re-arms once they are done.
    fileprivate func rearm() {
        guard runningDeadline == nil else { return }
        let next = queue.nextDeadline
        if let armed {
            if armed.deadline == next { return }
            executor.cancelTimer(armed.id)
            self.armed = nil
        }
        guard let next else { return }
        let target = ExecutorBound(WeakScheduler(self))
        let id = executor.schedule(after: next - executor.now) { target.value.scheduler?.fire() }
        armed = (id, next)
    }

    private func fire() {
        armed = nil
        let limit = executor.now
        while let (deadline, action) = queue.popDue(notAfter: limit) {
            runningDeadline = max(runningDeadline ?? deadline, deadline)
            action()
        }
        runningDeadline = nil
        rearm()
    }
}

/// One waiting action; disposing it cancels the action and disarms the timer if nothing else waits.
private final class ScheduledAction: Disposable {
    private var entry: (any Disposable)?
    private weak var scheduler: ExecutorScheduler?

    init(entry: any Disposable, scheduler: ExecutorScheduler) {
        self.entry = entry
        self.scheduler = scheduler
    }

    var isDisposed: Bool { entry?.isDisposed ?? true }

    func dispose() {
        guard let entry, !entry.isDisposed else { return }
        entry.dispose()
        self.entry = nil
        scheduler?.rearm()
    }
}

/// Lets executor jobs reach the scheduler without keeping it (and its state) alive.
private final class WeakScheduler {
    weak var scheduler: ExecutorScheduler?
    init(_ scheduler: ExecutorScheduler) { self.scheduler = scheduler }
}
