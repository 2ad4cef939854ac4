import LunarSignals
import Testing

@Suite struct CombiningTests {
    @Test func combineLatestWaitsForEveryoneThenSendsOnEachChange() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(Signal.combineLatest([a.signal, b.signal]))
        a.sendNext(1)
        a.sendNext(2)
        b.sendNext(10)
        a.sendNext(3)
        a.sendCompleted()
        b.sendNext(20)
        #expect(recorder.values == [[2, 10], [3, 10], [3, 20]])
        b.sendCompleted()
        #expect(recorder.events.last == .completed)
    }

    @Test func combineLatestPairsAndErrors() {
        let a = Subject<Int>()
        let b = Subject<String>()
        var pairs: [String] = []
        var failure: String?
        a.signal.combineLatest(with: b.signal).subscribe(
            next: { pairs.append("\($0)\($1)") },
            error: { failure = "\($0)" }
        )
        a.sendNext(1)
        b.sendNext("x")
        b.sendNext("y")
        a.sendError(TestError())
        b.sendNext("z")
        #expect(pairs == ["1x", "1y"])
        #expect(failure == "boom")
        #expect(Recorder(Signal<Int>.combineLatest([])).events == [.completed])
    }

    @Test func combineLatestDisposalReleasesAllSources() {
        let a = ProbeSource<Int>()
        let b = ProbeSource<Int>()
        let recorder = Recorder(Signal.combineLatest([a.signal, b.signal]))
        recorder.subscription.dispose()
        #expect(a.live == 0 && b.live == 0)
    }

    @Test func combineLatestReentrantSend() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(Signal.combineLatest([a.signal, b.signal]))
        recorder.onEvent = { event in
            if case .next([1, 1]) = event { a.sendNext(2) }
        }
        a.sendNext(1)
        b.sendNext(1)
        #expect(recorder.values == [[1, 1], [2, 1]])
    }

    @Test func zipPairsByIndexAndCompletesWhenASideIsExhausted() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(Signal.zip([a.signal, b.signal]))
        a.sendNext(1)
        a.sendNext(2)
        a.sendNext(3)
        b.sendNext(10)
        a.sendCompleted()
        #expect(recorder.events == [.next([1, 10])])
        b.sendNext(20)
        b.sendNext(30)
        #expect(recorder.events == [.next([1, 10]), .next([2, 20]), .next([3, 30]), .completed])
    }

    @Test func zipPairsErrorsAndDisposal() {
        let a = ProbeSource<Int>()
        let b = ProbeSource<String>()
        var pairs: [String] = []
        let subscription = a.signal.zip(with: b.signal).subscribe(next: { pairs.append("\($0)\($1)") })
        a.subject.sendNext(1)
        b.subject.sendNext("x")
        subscription.dispose()
        #expect(pairs == ["1x"])
        #expect(a.live == 0 && b.live == 0)
        let failing = Recorder(Signal.zip([Signal.of(1), Signal<Int>.fail(TestError())]))
        #expect(failing.events == [.error("boom")])
        #expect(Recorder(Signal<Int>.zip([])).events == [.completed])
    }
}
