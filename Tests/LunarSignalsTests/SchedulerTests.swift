import LunarSignals
import Testing

@Suite struct SchedulerTests {
    @Test func testSchedulerRunsInDueOrderThenSchedulingOrder() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.schedule(after: 2) { log.append("b@\(scheduler.now)") }
        scheduler.schedule(after: 1) { log.append("a@\(scheduler.now)") }
        scheduler.schedule(after: 2) { log.append("c@\(scheduler.now)") }
        scheduler.schedule { log.append("now@\(scheduler.now)") }
        #expect(log.isEmpty)
        scheduler.advance(by: 1.5)
        #expect(log == ["now@0.0", "a@1.0"])
        #expect(scheduler.now == 1.5)
        scheduler.run()
        #expect(log == ["now@0.0", "a@1.0", "b@2.0", "c@2.0"])
        #expect(scheduler.now == 2)
    }

    @Test func actionsScheduledByActionsRunInTheSameWindow() {
        let scheduler = TestScheduler()
        var log: [Double] = []
        // Unowned: the action left waiting would otherwise hold its scheduler (a cycle).
        scheduler.schedule(after: 1) { [unowned scheduler] in
            log.append(scheduler.now)
            scheduler.schedule(after: 1) { log.append(scheduler.now) }
            scheduler.schedule(after: 5) { log.append(scheduler.now) }
        }
        scheduler.advance(by: 3)
        #expect(log == [1, 2])
        #expect(scheduler.hasPendingActions)
    }

    @Test func cancelledActionsDoNotRunAndReleaseTheirClosure() {
        let scheduler = TestScheduler()
        weak var captured: Token?
        var ran = false
        let handle: any Disposable
        do {
            let token = Token()
            captured = token
            handle = scheduler.schedule(after: 1) { _ = token; ran = true }
        }
        handle.dispose()
        #expect(captured == nil)
        #expect(!scheduler.hasPendingActions)
        scheduler.run()
        #expect(!ran)
    }

    @Test func immediateSchedulerRunsAtOnce() {
        let scheduler = ImmediateScheduler()
        var log: [Int] = []
        scheduler.schedule { log.append(1) }
        let handle = scheduler.schedule(after: 10) { log.append(2) }
        #expect(log == [1, 2])
        #expect(handle.isDisposed)
        let before = scheduler.now
        #expect(before >= 0 && scheduler.now >= before)
    }

    @Test func timerQueueReportsItsNextDeadline() {
        let queue = TimerQueue()
        #expect(queue.isEmpty && queue.nextDeadline == nil)
        let early = queue.add(at: 1) {}
        queue.add(at: 4) {}
        #expect(queue.nextDeadline == 1)
        early.dispose()
        #expect(queue.nextDeadline == 4)
        #expect(queue.popDue(notAfter: 3) == nil)
        #expect(queue.popDue(notAfter: 4)?.deadline == 4)
        #expect(queue.isEmpty)
    }
}
