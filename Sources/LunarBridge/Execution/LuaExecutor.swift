import Foundation
import Synchronization

/// The serial executor a Lua state is confined to: jobs run in order, one at a time, on one
/// thread, plus timers and a count of pending asynchronous work so a host can wait until a
/// script is idle (as node does before exiting).
///
/// The thread is the executor's own (``init(name:clock:)``), or the host's
/// (``init(hostDriven:clock:)``): an app runs the executor on UIKit's main thread by calling
/// ``runPending()`` there whenever the executor asks for a turn.
///
/// Every method is thread-safe. Jobs run one at a time, on the executor thread.
public final class LuaExecutor: SerialExecutor, @unchecked Sendable {
    /// How a host-driven executor asks its host for a turn: the host calls
    /// `executor.runPending()` on its own thread `delay` seconds from now (0: as soon as it
    /// can). Called on any thread, never while the executor's lock is held; it must only
    /// schedule the turn, not run it.
    public typealias WakeUp = @Sendable (_ executor: LuaExecutor, _ delay: Double) -> Void

    private enum Job {
        case closure(@Sendable () -> Void)
        case task(UnownedJob)
    }

    private struct Timer {
        var id: Int
        var deadline: Double
        var interval: Double?
        var job: @Sendable () -> Void
    }

    /// Who runs the jobs: the executor's own thread, or the host, asked through its wake-up.
    private enum Driver {
        case ownThread
        case host(WakeUp)
    }

    private let driver: Driver
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var jobHead = 0
    private var timers: [Int: Timer] = [:]
    private var nextTimerID = 1
    private var pendingWork = 0
    private var idleWaiters: [@Sendable () -> Void] = []
    private var settleWaiters: [@Sendable () -> Void] = []
    private var stopped = false
    private var virtualNow: Double = 0
    private let startUptime = DispatchTime.now().uptimeNanoseconds
    private var threadID: pthread_t?
    /// Set once the thread has left its loop and let go of the queued work and timers.
    private var finished = false
    /// Host-driven: a turn is running (``runPending()``), so new work needs no wake-up.
    private var inTurn = false
    /// Host-driven: the earliest time (``now``) the host was asked for a turn and has not given it yet.
    private var requestedTurn: Double?
    /// Which clock the timers use.
    public let clock: LuaClock

    /// An executor with a thread of its own, started now, with room for deep Lua→Swift→Lua recursion.
    public init(name: String = "lunar.executor", clock: LuaClock = .realTime) {
        self.clock = clock
        self.driver = .ownThread
        // The thread keeps the executor alive until shutdown() ends its loop.
        let thread = Thread { self.runLoop() }
        thread.name = name
        thread.stackSize = 16 << 20  // deep Lua→Swift→Lua recursion needs room
        thread.start()
    }

    /// An executor the host runs on a thread of its own (an app's main thread): no thread is
    /// started; whenever work arrives or a timer comes due, `wakeUp` asks the host for a turn,
    /// and the host calls ``runPending()`` on its thread. The first thread that calls
    /// ``runPending()`` is the executor's thread from then on.
    ///
    /// ```swift
    /// let executor = LuaExecutor(hostDriven: { executor, delay in
    ///     DispatchQueue.main.asyncAfter(deadline: .now() + delay) { executor.runPending() }
    /// })
    /// ```
    public init(hostDriven wakeUp: @escaping WakeUp, clock: LuaClock = .realTime) {
        self.clock = clock
        self.driver = .host(wakeUp)
    }

    /// Whether the host runs this executor (``init(hostDriven:clock:)``).
    public var isHostDriven: Bool {
        if case .host = driver { return true }
        return false
    }

    /// Stops the executor after the jobs already queued (a host-driven one at its next turn).
    public func shutdown() {
        condition.lock()
        stopped = true
        condition.broadcast()
        let wake = noteChangeLocked()
        condition.unlock()
        wake?()
    }

    /// Stops the thread for an owner that is going away with the state the thread serves: unless
    /// called on the thread itself, also waits (up to `timeout` seconds) until the thread has let
    /// go of its queued work, which holds parts of the same object graph, so that the caller
    /// drops the rest after it (tearing both down at once freed an object twice).
    public func shutdownForOwner(timeout: Double = 5) {
        shutdown()
        if !isCurrent { waitUntilStopped(timeout: timeout) }
    }

    /// After ``shutdown()``: waits (up to `timeout` seconds) until the thread has stopped and
    /// let go of the work and timers still queued, whose closures may hold the state. A host
    /// that exits right after dropping its runtime calls it so the state is torn down first.
    /// Returns whether the thread stopped in time. Never call it on the executor itself.
    @discardableResult
    public func waitUntilStopped(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !finished {
            if !condition.wait(until: deadline) { return finished }
        }
        return true
    }

    // MARK: SerialExecutor

    public func enqueue(_ job: consuming ExecutorJob) {
        push(.task(UnownedJob(job)))
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    public func checkIsolated() {
        precondition(isCurrent, "not on the Lua executor")
    }

    /// True when called on the executor thread.
    public var isCurrent: Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let threadID else { return false }
        return pthread_equal(threadID, pthread_self()) != 0
    }

    // MARK: Jobs

    /// Runs `job` on the executor, after the jobs already queued.
    public func enqueue(_ job: @escaping @Sendable () -> Void) {
        push(.closure(job))
    }

    private func push(_ job: Job) {
        condition.lock()
        // After shutdown nothing runs: dropping the job releases what it holds
        // (often the state, which holds this executor).
        guard !stopped else { condition.unlock(); return }
        jobs.append(job)
        let wake = noteChangeLocked()
        condition.unlock()
        wake?()
    }

    /// Marks asynchronous work in flight (a request, an awaited call): the
    /// executor is not idle until the matching ``endWork()``.
    public func beginWork() {
        condition.lock()
        pendingWork += 1
        condition.unlock()
    }

    public func endWork() {
        condition.lock()
        pendingWork -= 1
        let wake = noteChangeLocked()
        condition.unlock()
        wake?()
    }

    /// Calls `body` (on the executor) once no job, timer or pending work is left.
    public func notifyWhenIdle(_ body: @escaping @Sendable () -> Void) {
        condition.lock()
        idleWaiters.append(body)
        let wake = noteChangeLocked()
        condition.unlock()
        wake?()
    }

    /// Calls `body` (on the executor) once no job is queued and no work is in
    /// flight; unlike ``notifyWhenIdle(_:)``, pending timers do not count, so on
    /// the virtual clock a caller can wait for requests, then advance time.
    public func notifyWhenSettled(_ body: @escaping @Sendable () -> Void) {
        condition.lock()
        settleWaiters.append(body)
        let wake = noteChangeLocked()
        condition.unlock()
        wake?()
    }

    /// True if nothing is queued, scheduled or in flight.
    public var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return idleLocked
    }

    private var idleLocked: Bool { jobHead >= jobs.count && timers.isEmpty && pendingWork == 0 }

    // MARK: Timers

    /// Seconds since the executor started (real or virtual).
    public var now: Double {
        condition.lock()
        defer { condition.unlock() }
        return nowLocked
    }

    private var nowLocked: Double {
        switch clock {
        case .realTime: Double(DispatchTime.now().uptimeNanoseconds - startUptime) / 1e9
        case .virtual: virtualNow
        }
    }

    /// Runs `job` after `delay` seconds (and then every `interval` seconds if
    /// given). Returns an id for ``cancelTimer(_:)``. A pending timer keeps the
    /// executor from being idle.
    @discardableResult
    public func schedule(after delay: Double, repeating interval: Double? = nil, _ job: @escaping @Sendable () -> Void) -> Int {
        condition.lock()
        let id = nextTimerID
        nextTimerID += 1
        guard !stopped else { condition.unlock(); return id }  // never fires: keep nothing
        timers[id] = Timer(id: id, deadline: nowLocked + max(0, delay), interval: interval.map { max($0, 0.001) }, job: job)
        let wake = noteChangeLocked()
        condition.unlock()
        wake?()
        return id
    }

    /// Cancels a timer; false if it already fired (one-shot) or was cancelled.
    @discardableResult
    public func cancelTimer(_ id: Int) -> Bool {
        condition.lock()
        let removed = timers.removeValue(forKey: id) != nil
        let wake = noteChangeLocked()
        condition.unlock()
        wake?()
        return removed
    }

    /// The deadline of the next timer, if any.
    public var nextDeadline: Double? {
        condition.lock()
        defer { condition.unlock() }
        return timers.values.map(\.deadline).min()
    }

    /// Virtual clock only: moves time forward by `seconds`, queueing every
    /// timer that comes due, in deadline order.
    public func advance(by seconds: Double) {
        precondition(clock == .virtual, "advance(by:) needs the virtual clock")
        condition.lock()
        let target = virtualNow + max(0, seconds)
        while let next = timers.values.filter({ $0.deadline <= target }).min(by: { ($0.deadline, $0.id) < ($1.deadline, $1.id) }) {
            virtualNow = max(virtualNow, next.deadline)
            fireLocked(next)
        }
        virtualNow = target
        let wake = noteChangeLocked()
        condition.unlock()
        wake?()
    }

    private func fireLocked(_ timer: Timer) {
        if let interval = timer.interval {
            var again = timer
            again.deadline = timer.deadline + interval
            timers[timer.id] = again
        } else {
            timers[timer.id] = nil
        }
        jobs.append(.closure(timer.job))
    }

    // MARK: Running

    /// With the lock held: queues the timers that are due (when `firingTimers`), turns waiters
    /// whose condition holds into jobs, and takes the next job; nil when nothing can run now.
    private func takeJobLocked(firingTimers: Bool) -> Job? {
        if firingTimers, clock == .realTime {
            let now = nowLocked
            let due = timers.values.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            for t in due { fireLocked(t) }
        }
        while true {
            if jobHead < jobs.count {
                let job = jobs[jobHead]
                jobHead += 1
                if jobHead > 1024, jobHead * 2 > jobs.count {
                    jobs.removeFirst(jobHead)
                    jobHead = 0
                }
                return job
            }
            if idleLocked, !idleWaiters.isEmpty {
                let waiters = idleWaiters
                idleWaiters = []
                for w in waiters { jobs.append(.closure(w)) }
                continue
            }
            if pendingWork == 0, !settleWaiters.isEmpty {
                let waiters = settleWaiters
                settleWaiters = []
                for w in waiters { jobs.append(.closure(w)) }
                continue
            }
            return nil
        }
    }

    /// Runs one job with the lock released.
    private func runUnlocked(_ job: Job) {
        condition.unlock()
        switch job {
        case .closure(let body): body()
        case .task(let task): task.runSynchronously(on: asUnownedSerialExecutor())
        }
        condition.lock()
    }

    /// What a stopped executor lets go of, to be dropped only after unlocking: releasing a
    /// closure can free the state, whose teardown may call back into the executor.
    private typealias Released = (jobs: [Job], timers: [Int: Timer], waiters: [@Sendable () -> Void])

    /// With the lock held, once stopped: empties the queue, the timers and the waiters.
    private func releaseLocked() -> Released {
        let released = (jobs, timers, idleWaiters + settleWaiters)
        jobs = []
        jobHead = 0
        timers = [:]
        idleWaiters = []
        settleWaiters = []
        return released
    }

    /// With the lock held, after the queue changed: signals the executor's own thread, or,
    /// host-driven and outside a turn, returns the call (to make once unlocked) that asks the
    /// host for a turn now or when the next timer is due, unless one is already asked for by then.
    private func noteChangeLocked() -> (@Sendable () -> Void)? {
        switch driver {
        case .ownThread:
            condition.signal()
            return nil
        case .host(let wakeUp):
            guard !inTurn, !finished else { return nil }
            let runnable = jobHead < jobs.count || stopped
                || (idleLocked && !idleWaiters.isEmpty) || (pendingWork == 0 && !settleWaiters.isEmpty)
            let now = nowLocked
            let at: Double
            if runnable {
                at = now
            } else if clock == .realTime, let next = timers.values.map(\.deadline).min() {
                at = max(now, next)
            } else {
                return nil
            }
            if let requestedTurn, requestedTurn <= at { return nil }
            requestedTurn = at
            let delay = at - now
            return { wakeUp(self, delay) }
        }
    }

    private func runLoop() {
        var released: Released?
        condition.lock()
        threadID = pthread_self()
        while true {
            if let job = takeJobLocked(firingTimers: true) {
                runUnlocked(job)
                continue
            }
            if stopped {
                // Release queued work and timers: their closures may hold the state.
                released = releaseLocked()
                break
            }
            if clock == .realTime, let next = timers.values.map(\.deadline).min() {
                // At most a day per wait: the loop waits again, and no deadline is too far for
                // NSCondition (which traps converting a wait past Int64 nanoseconds).
                let wait = min(max(0, next - nowLocked), 86_400)
                _ = condition.wait(until: Date(timeIntervalSinceNow: wait))
            } else {
                condition.wait()
            }
        }
        condition.unlock()
        withExtendedLifetime(released) {}
        released = nil
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Host-driven executors only: one turn, on the calling thread. Runs the jobs queued now
    /// and the timers due now, then the jobs those queue, until nothing is left to run; timers
    /// that come due meanwhile wait for the next turn, so the host's run loop is never starved.
    /// After ``shutdown()``, the turn runs what was queued before it and lets go of the rest.
    ///
    /// The first thread that calls it becomes the executor's thread; a call from any other
    /// thread traps. A call from inside a job returns at once: jobs never nest.
    public func runPending() {
        guard case .host = driver else { preconditionFailure("runPending() is for host-driven executors (LuaExecutor(hostDriven:))") }
        condition.lock()
        let me = pthread_self()
        if threadID == nil { threadID = me }
        guard let threadID, pthread_equal(threadID, me) != 0 else {
            condition.unlock()
            preconditionFailure("runPending() called on another thread than the one the executor runs on")
        }
        guard !inTurn, !finished else { condition.unlock(); return }
        inTurn = true
        if let requestedTurn, requestedTurn <= nowLocked { self.requestedTurn = nil }
        var firingTimers = true
        while let job = takeJobLocked(firingTimers: firingTimers) {
            firingTimers = false
            runUnlocked(job)
        }
        var released: Released?
        if stopped {
            released = releaseLocked()
            finished = true
            condition.broadcast()
        }
        inTurn = false
        let wake = noteChangeLocked()  // the next timer's turn
        condition.unlock()
        withExtendedLifetime(released) {}
        released = nil
        wake?()
    }
}

extension LuaExecutor: LuaAsyncDriver {}

extension LuaExecutor {
    /// Returns once no job, timer or pending work is left.
    public func idle() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in notifyWhenIdle { c.resume() } }
    }

    /// Virtual clock only: ``advance(by:)``, then returns after the jobs the
    /// due timers queued have run.
    public func advanceAndDrain(by seconds: Double) async {
        advance(by: seconds)
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in enqueue { c.resume() } }
    }
}
