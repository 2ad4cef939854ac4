import Foundation
import LunarBridge
import Synchronization

extension LunarRuntime {
    /// Waits until no job is queued and no request is in flight (timers may
    /// remain); false when `deadline` passes first.
    func settled(before deadline: ContinuousClock.Instant) async -> Bool {
        let gate = OnceGate()
        let executor = self.executor
        return await withCheckedContinuation { (c: CheckedContinuation<Bool, Never>) in
            executor.notifyWhenSettled { if gate.open() { c.resume(returning: true) } }
            Task.detached {
                try? await Task.sleep(until: deadline, clock: .continuous)
                if gate.open() { c.resume(returning: false) }
            }
        }
    }

    /// Waits until no job, timer or request is pending; false on timeout.
    public func wait(timeout seconds: Double) async -> Bool {
        // Within 0 s to a year, so neither conversion below can trap.
        let seconds = seconds.isNaN ? 0 : min(max(0, seconds), LuaNumberRange.maxSeconds)
        if executor.clock == .virtual {
            // Virtual time: let requests finish (real time), then jump to the
            // next timer, until idle (bounded in steps and in real time).
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            for _ in 0..<10_000 {
                if executor.isIdle { break }
                guard await settled(before: deadline) else { break }
                if executor.isIdle { break }
                if let next = executor.nextDeadline {
                    await advance(by: max(0, next - executor.now))
                }
            }
            host.flushRender()
            return executor.isIdle
        }
        let gate = OnceGate()
        let idle = await withCheckedContinuation { (c: CheckedContinuation<Bool, Never>) in
            executor.notifyWhenIdle { if gate.open() { c.resume(returning: true) } }
            Task.detached {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                if gate.open() { c.resume(returning: false) }
            }
        }
        host.flushRender()
        return idle
    }
}

/// Lets exactly one of several racing callers through.
private final class OnceGate: Sendable {
    private let opened = Mutex(false)
    func open() -> Bool {
        opened.withLock { opened in
            defer { opened = true }
            return !opened
        }
    }
}
