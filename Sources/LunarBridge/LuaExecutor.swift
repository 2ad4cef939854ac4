import Foundation
import Synchronization

/// A source of time for timers: the real monotonic clock, or a virtual one
/// that only moves when a test advances it.
public enum LuaClock: Sendable {
    case realTime
    case virtual
}

/// The serial executor a Lua state is confined to: one dedicated thread that
/// runs jobs in order, plus timers and a count of pending asynchronous work so
/// a host can wait until a script is idle (as node does before exiting).
///
/// Every method is thread-safe. Jobs run one at a time, on the executor thread.
public final class LuaExecutor: SerialExecutor, @unchecked Sendable {
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
    /// Which clock the timers use.
    public let clock: LuaClock

    public init(name: String = "lunar.executor", clock: LuaClock = .realTime) {
        self.clock = clock
        // The thread keeps the executor alive until shutdown() ends its loop.
        let thread = Thread { self.runLoop() }
        thread.name = name
        thread.stackSize = 16 << 20  // deep Lua→Swift→Lua recursion needs room
        thread.start()
    }

    /// Stops the thread after the jobs already queued.
    public func shutdown() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
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
        condition.signal()
        condition.unlock()
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
        condition.signal()
        condition.unlock()
    }

    /// Calls `body` (on the executor) once no job, timer or pending work is left.
    public func notifyWhenIdle(_ body: @escaping @Sendable () -> Void) {
        condition.lock()
        idleWaiters.append(body)
        condition.signal()
        condition.unlock()
    }

    /// Calls `body` (on the executor) once no job is queued and no work is in
    /// flight; unlike ``notifyWhenIdle(_:)``, pending timers do not count, so on
    /// the virtual clock a caller can wait for requests, then advance time.
    public func notifyWhenSettled(_ body: @escaping @Sendable () -> Void) {
        condition.lock()
        settleWaiters.append(body)
        condition.signal()
        condition.unlock()
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
        defer { condition.unlock() }
        let id = nextTimerID
        nextTimerID += 1
        guard !stopped else { return id }  // never fires: keep nothing
        timers[id] = Timer(id: id, deadline: nowLocked + max(0, delay), interval: interval.map { max($0, 0.001) }, job: job)
        condition.signal()
        return id
    }

    /// Cancels a timer; false if it already fired (one-shot) or was cancelled.
    @discardableResult
    public func cancelTimer(_ id: Int) -> Bool {
        condition.lock()
        defer { condition.signal(); condition.unlock() }
        return timers.removeValue(forKey: id) != nil
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
        condition.signal()
        condition.unlock()
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

    // MARK: Loop

    private func runLoop() {
        // What a stopped loop let go of, dropped only after unlocking: releasing a closure
        // can free the state, whose teardown may call back into the executor.
        var released: (jobs: [Job], timers: [Int: Timer], waiters: [@Sendable () -> Void])?
        condition.lock()
        threadID = pthread_self()
        while true {
            if clock == .realTime {
                let now = nowLocked
                let due = timers.values.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
                for t in due { fireLocked(t) }
            }
            if jobHead < jobs.count {
                let job = jobs[jobHead]
                jobHead += 1
                if jobHead > 1024, jobHead * 2 > jobs.count {
                    jobs.removeFirst(jobHead)
                    jobHead = 0
                }
                condition.unlock()
                switch job {
                case .closure(let body): body()
                case .task(let task): task.runSynchronously(on: asUnownedSerialExecutor())
                }
                condition.lock()
                continue
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
            if stopped {
                // Release queued work and timers: their closures may hold the state.
                released = (jobs, timers, idleWaiters)
                jobs = []
                jobHead = 0
                timers = [:]
                idleWaiters = []
                break
            }
            if clock == .realTime, let next = timers.values.map(\.deadline).min() {
                let wait = max(0, next - nowLocked)
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

/// What a state needs to run asynchronous bridged functions: a way to hop
/// back onto its executor and to count work in flight.
public protocol LuaAsyncDriver: AnyObject, Sendable {
    func enqueue(_ job: @escaping @Sendable () -> Void)
    func beginWork()
    func endWork()
}
