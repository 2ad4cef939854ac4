import LunarSignals
import Testing

@Suite struct TimingTests {
    @Test func intervalTicksOnVirtualTimeUntilDisposed() {
        let scheduler = TestScheduler()
        let recorder = Recorder(Signal<Double>.interval(1, on: scheduler))
        scheduler.advance(by: 0.5)
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: 2.5)
        #expect(recorder.values == [1, 2, 3])
        recorder.subscription.dispose()
        #expect(!scheduler.hasPendingActions)
        scheduler.advance(by: 5)
        #expect(recorder.values == [1, 2, 3])
    }

    @Test func intervalReentrantDisposeFromSubscriberStopsTicks() {
        let scheduler = TestScheduler()
        var ticks: [Double] = []
        var subscription: (any Disposable)?
        subscription = Signal<Double>.interval(2, on: scheduler).subscribe(next: { time in
            ticks.append(time)
            if ticks.count == 2 { subscription?.dispose() }
        })
        scheduler.advance(by: 10)
        #expect(ticks == [2, 4])
        #expect(!scheduler.hasPendingActions)
    }

    @Test func delayShiftsValuesAndCompletionButNotErrors() {
        let scheduler = TestScheduler()
        let source = Subject<Int>()
        let recorder = Recorder(source.signal.delay(2, on: scheduler))
        source.sendNext(1)
        scheduler.advance(by: 1)
        source.sendNext(2)
        source.sendCompleted()
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: 1)
        #expect(recorder.events == [.next(1)])
        scheduler.advance(by: 1)
        #expect(recorder.events == [.next(1), .next(2), .completed])

        let failing = Subject<Int>()
        let second = Recorder(failing.signal.delay(2, on: scheduler))
        failing.sendNext(1)
        failing.sendError(TestError())
        #expect(second.events == [.error("boom")])
        scheduler.advance(by: 5)
        #expect(second.events == [.error("boom")])
    }

    @Test func delayDisposalCancelsPendingValues() {
        let scheduler = TestScheduler()
        let source = ProbeSource<Int>()
        let recorder = Recorder(source.signal.delay(1, on: scheduler))
        source.subject.sendNext(1)
        recorder.subscription.dispose()
        #expect(source.live == 0)
        #expect(!scheduler.hasPendingActions)
        scheduler.advance(by: 2)
        #expect(recorder.events.isEmpty)
    }

    @Test func throttleSendsLeadingValueAndLatestAtIntervalEnd() {
        let scheduler = TestScheduler()
        let source = Subject<Int>()
        let recorder = Recorder(source.signal.throttle(1, on: scheduler))
        source.sendNext(1)
        #expect(recorder.values == [1])
        scheduler.advance(by: 0.25)
        source.sendNext(2)
        scheduler.advance(by: 0.25)
        source.sendNext(3)
        #expect(recorder.values == [1])
        scheduler.advance(by: 0.5)
        #expect(recorder.values == [1, 3])
        scheduler.advance(by: 1.5)
        source.sendNext(4)
        #expect(recorder.values == [1, 3, 4])
        scheduler.advance(by: 0.1)
        source.sendNext(5)
        source.sendCompleted()
        #expect(recorder.events == nexts([1, 3, 4, 5]) + [.completed])
        #expect(!scheduler.hasPendingActions)
    }

    @Test func throttleErrorDropsTheWaitingValue() {
        let scheduler = TestScheduler()
        let source = Subject<Int>()
        let recorder = Recorder(source.signal.throttle(1, on: scheduler))
        source.sendNext(1)
        source.sendNext(2)
        source.sendError(TestError())
        scheduler.advance(by: 2)
        #expect(recorder.events == [.next(1), .error("boom")])
    }

    @Test func debounceWaitsForQuiet() {
        let scheduler = TestScheduler()
        let source = Subject<String>()
        let recorder = Recorder(source.signal.debounce(0.5, on: scheduler))
        source.sendNext("h")
        scheduler.advance(by: 0.3)
        source.sendNext("he")
        scheduler.advance(by: 0.3)
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: 0.2)
        #expect(recorder.values == ["he"])
        source.sendNext("hel")
        source.sendCompleted()
        #expect(recorder.events == nexts(["he", "hel"]) + [.completed])
    }

    @Test func debounceDisposalAndErrorCancelTheWait() {
        let scheduler = TestScheduler()
        let source = ProbeSource<Int>()
        let recorder = Recorder(source.signal.debounce(1, on: scheduler))
        source.subject.sendNext(1)
        recorder.subscription.dispose()
        #expect(!scheduler.hasPendingActions && source.live == 0)
        let failing = Subject<Int>()
        let second = Recorder(failing.signal.debounce(1, on: scheduler))
        failing.sendNext(1)
        failing.sendError(TestError())
        scheduler.advance(by: 2)
        #expect(second.events == [.error("boom")])
    }

    @Test func debounceReentrantSendRestartsTheWait() {
        let scheduler = TestScheduler()
        let source = Subject<Int>()
        let recorder = Recorder(source.signal.debounce(1, on: scheduler))
        recorder.onEvent = { event in
            if case .next(1) = event { source.sendNext(2) }
        }
        source.sendNext(1)
        scheduler.advance(by: 1)
        #expect(recorder.values == [1])
        scheduler.advance(by: 1)
        #expect(recorder.values == [1, 2])
    }

    @Test func timeoutFailsWhenTheSourceDoesNotEndInTime() {
        let scheduler = TestScheduler()
        let source = ProbeSource<Int>()
        let recorder = Recorder(source.signal.timeout(3, on: scheduler))
        source.subject.sendNext(1)
        scheduler.advance(by: 2.9)
        #expect(recorder.events == [.next(1)])
        scheduler.advance(by: 0.1)
        #expect(recorder.events == [.next(1), .error("signal timed out after 3.0 seconds")])
        #expect(source.live == 0)
    }

    @Test func timeoutIsCancelledByCompletionOrDisposal() {
        let scheduler = TestScheduler()
        let completing = Recorder(Signal.of(1).timeout(1, on: scheduler))
        #expect(completing.events == [.next(1), .completed])
        #expect(!scheduler.hasPendingActions)
        let disposed = Recorder(Signal<Int>.never().timeout(1, on: scheduler))
        disposed.subscription.dispose()
        #expect(!scheduler.hasPendingActions)
        var caught: (any Error)?
        Signal<Int>.never().timeout(1, on: scheduler).subscribe(error: { caught = $0 })
        scheduler.run()
        #expect(caught as? TimeoutError == TimeoutError(seconds: 1))
    }
}
