import LunarSignals
import Testing

@Suite struct SignalTests {
    @Test func coldSignalRunsItsStartPerSubscription() {
        var starts = 0
        let signal = Signal<Int> { observer in
            starts += 1
            observer.sendNext(starts)
            observer.sendCompleted()
            return nil
        }
        let first = Recorder(signal)
        let second = Recorder(signal)
        #expect(first.events == [.next(1), .completed])
        #expect(second.events == [.next(2), .completed])
    }

    @Test func nothingFollowsATerminalEvent() {
        let signal = Signal<Int> { observer in
            observer.sendNext(1)
            observer.sendError(TestError())
            observer.sendNext(2)
            observer.sendCompleted()
            return nil
        }
        #expect(Recorder(signal).events == [.next(1), .error("boom")])
    }

    @Test func synchronousTerminationDisposesTheReturnedResources() {
        var disposed = false
        let signal = Signal<Int> { observer in
            observer.sendCompleted()
            return ActionDisposable { disposed = true }
        }
        let recorder = Recorder(signal)
        #expect(disposed)
        #expect(recorder.subscription.isDisposed)
    }

    @Test func laterTerminationDisposesResourcesBeforeTheHandlerSeesIt() {
        var log: [String] = []
        var held: Observer<Int>?
        let signal = Signal<Int> { observer in
            held = observer
            return ActionDisposable { log.append("disposed") }
        }
        signal.subscribe(completed: { log.append("completed") })
        held?.sendCompleted()
        #expect(log == ["disposed", "completed"])
    }

    @Test func disposingReleasesTheHandlerAndStopsDelivery() {
        weak var captured: Token?
        let subject = Subject<Int>()
        var received: [Int] = []
        let subscription: any Disposable
        do {
            let token = Token()
            captured = token
            subscription = subject.signal.subscribe(next: { _ = token; received.append($0) })
        }
        subject.sendNext(1)
        #expect(captured != nil)
        subscription.dispose()
        subject.sendNext(2)
        #expect(received == [1])
        #expect(captured == nil)
    }

    @Test func constructors() {
        #expect(Recorder(Signal.of(1, 2, 3)).events == [.next(1), .next(2), .next(3), .completed])
        #expect(Recorder(Signal.from([4, 5])).events == [.next(4), .next(5), .completed])
        #expect(Recorder(Signal.just(7)).events == [.next(7), .completed])
        #expect(Recorder(Signal<Int>.empty()).events == [.completed])
        #expect(Recorder(Signal<Int>.never()).events == [])
        #expect(Recorder(Signal<Int>.fail(TestError())).events == [.error("boom")])
    }

    @Test func fromStopsAnEndlessSequenceWhenTheSubscriberLeaves() {
        let naturals = Signal.from(1...)
        #expect(Recorder(naturals.take(3)).events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func deferredBuildsPerSubscriptionAndFailsOnThrow() {
        var builds = 0
        let signal = Signal<Int>.deferred {
            builds += 1
            return .just(builds)
        }
        #expect(Recorder(signal).values == [1])
        #expect(Recorder(signal).values == [2])
        let failing = Signal<Int>.deferred { throw TestError("nope") }
        #expect(Recorder(failing).events == [.error("nope")])
    }

    @Test func eventHelpers() {
        let next = Event<Int>.next(3)
        #expect(next.value == 3 && !next.isTerminal && next.error == nil)
        #expect(Event<Int>.completed.isTerminal)
        #expect(Event<Int>.failed(TestError()).error is TestError)
        #expect(next.map { $0 + 1 }.value == 4)
    }
}

@Suite struct DeferredDisposalTests {
    @Test func disposingADeferredSignalDisposesTheMadeSignalsResources() {
        var disposed = 0
        let made = Signal<Int> { _ in ActionDisposable { disposed += 1 } }
        let subscription = Signal.deferred { made.map { $0 + 1 } }.subscribe { _ in }
        subscription.dispose()
        #expect(disposed == 1)
    }
}
