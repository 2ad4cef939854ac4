import LunarSignals
import Testing

@Suite struct LimitingTests {
    @Test func takeZeroCompletesWithoutSubscribing() {
        let source = ProbeSource<Int>()
        #expect(Recorder(source.signal.take(0)).events == [.completed])
        #expect(source.subscriptions == 0)
    }

    @Test func takeDisposesTheSourceAfterTheLastValue() {
        let source = ProbeSource<Int>()
        let recorder = Recorder(source.signal.take(2))
        source.subject.sendNext(1)
        source.subject.sendNext(2)
        #expect(source.live == 0)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func takeUntilCompletesOnTriggerValueOrCompletionButNotError() {
        let source = Subject<Int>()
        let trigger = Subject<Void>()
        let recorder = Recorder(source.signal.takeUntil(trigger.signal))
        source.sendNext(1)
        trigger.sendNext(())
        source.sendNext(2)
        #expect(recorder.events == [.next(1), .completed])

        let completing = Subject<Void>()
        let second = Recorder(source.signal.takeUntil(completing.signal))
        completing.sendCompleted()
        #expect(second.events == [.completed])

        let failing = Subject<Void>()
        let third = Recorder(source.signal.takeUntil(failing.signal))
        failing.sendError(TestError())
        source.sendNext(3)
        #expect(third.events == [.next(3)])
    }

    @Test func takeUntilSubscribesTheTriggerFirst() {
        var sourceStarted = false
        let source = Signal<Int> { observer in
            sourceStarted = true
            observer.sendNext(1)
            return nil
        }
        let recorder = Recorder(source.takeUntil(Signal.just(())))
        #expect(recorder.events == [.completed])
        #expect(!sourceStarted)
    }

    @Test func takeUntilDisposesBothSubscriptions() {
        let source = ProbeSource<Int>()
        let trigger = ProbeSource<Void>()
        let recorder = Recorder(source.signal.takeUntil(trigger.signal))
        #expect(source.live == 1 && trigger.live == 1)
        trigger.subject.sendNext(())
        #expect(source.live == 0 && trigger.live == 0)
        #expect(recorder.events == [.completed])
    }

    @Test func takeDuringLifetimeEndsWithIt() {
        let lifetime = Lifetime()
        let source = ProbeSource<Int>()
        let recorder = Recorder(source.signal.take(during: lifetime))
        source.subject.sendNext(1)
        lifetime.end()
        source.subject.sendNext(2)
        #expect(recorder.events == [.next(1), .completed])
        #expect(source.live == 0)
        #expect(Recorder(source.signal.take(during: lifetime)).events == [.completed])
    }
}
