import LunarSignals
import Testing

@Suite struct TransformingTests {
    @Test func throwingTransformFailsTheResultAndDisposesTheSource() {
        let source = ProbeSource<Int>()
        let recorder = Recorder(source.signal.map { value -> Int in
            if value == 2 { throw TestError("bad value") }
            return value
        })
        source.subject.sendNext(1)
        source.subject.sendNext(2)
        source.subject.sendNext(3)
        #expect(recorder.events == [.next(1), .error("bad value")])
        #expect(source.live == 0)
    }

    @Test func throwingPredicateAndAccumulatorFailTheResult() {
        let failingFilter = Signal.of(1, 2).filter { _ in throw TestError("filter") }
        #expect(Recorder(failingFilter).events == [.error("filter")])
        let failingScan = Signal.of(1, 2).scan(0) { sum, value in
            if value == 2 { throw TestError("scan") }
            return sum + value
        }
        #expect(Recorder(failingScan).events == [.next(1), .error("scan")])
    }

    @Test func scanRestartsPerSubscription() {
        let sums = Signal.of(1, 2, 3).scan(10, +)
        #expect(Recorder(sums).values == [11, 13, 16])
        #expect(Recorder(sums).values == [11, 13, 16])
    }

    @Test func distinctByComparator() {
        let signal = Signal.of("a", "A", "b", "B", "a").distinctUntilChanged { $0.lowercased() == $1.lowercased() }
        #expect(Recorder(signal).values == ["a", "b", "a"])
    }

    @Test func collectSendsEverythingOnCompletion() {
        let subject = Subject<Int>()
        let recorder = Recorder(subject.signal.collect())
        subject.sendNext(1)
        subject.sendNext(2)
        #expect(recorder.events.isEmpty)
        subject.sendCompleted()
        #expect(recorder.events == [.next([1, 2]), .completed])
        #expect(Recorder(Signal<Int>.empty().collect()).events == [.next([]), .completed])
        #expect(Recorder(Signal<Int>.fail(TestError()).collect()).events == [.error("boom")])
    }

    @Test func collectDisposedMidStreamSendsNothing() {
        let source = ProbeSource<Int>()
        let recorder = Recorder(source.signal.collect())
        source.subject.sendNext(1)
        recorder.subscription.dispose()
        source.subject.sendCompleted()
        #expect(recorder.events.isEmpty)
        #expect(source.live == 0)
    }

    @Test func startWithStopsIfTheSubscriberLeavesOnTheFirstValue() {
        let source = ProbeSource<Int>()
        let recorder = Recorder(source.signal.startWith(0).take(1))
        #expect(recorder.events == [.next(0), .completed])
        #expect(source.subscriptions == 0)
    }

    @Test func materializeAndDematerializeRoundTrip() {
        let failing = Signal<Int> { observer in
            observer.sendNext(1)
            observer.sendError(TestError())
            return nil
        }
        let kinds = Recorder(failing.materialize().map { event -> String in
            switch event {
            case .next(let value): return "next \(value)"
            case .failed(let error): return "failed \(error)"
            case .completed: return "completed"
            }
        })
        #expect(kinds.events == [.next("next 1"), .next("failed boom"), .completed])
        #expect(Recorder(failing.materialize().dematerialize()).events == [.next(1), .error("boom")])
        #expect(Recorder(Signal.of(1).materialize().dematerialize()).events == [.next(1), .completed])
    }

    @Test func sideEffectsRunBeforeForwardingAndThrowsBecomeErrors() {
        var log: [String] = []
        let signal = Signal.of(1, 2)
            .doNext { log.append("next \($0)") }
            .doCompleted { log.append("completed") }
        signal.subscribe(next: { log.append("got \($0)") }, completed: { log.append("done") })
        #expect(log == ["next 1", "got 1", "next 2", "got 2", "completed", "done"])

        var seenError: String?
        let failing = Signal<Int>.fail(TestError("first")).doError { seenError = "\($0)"; throw TestError("second") }
        #expect(Recorder(failing).events == [.error("second")])
        #expect(seenError == "first")
        #expect(Recorder(Signal<Int>.empty().doCompleted { throw TestError() }).events == [.error("boom")])
    }
}
