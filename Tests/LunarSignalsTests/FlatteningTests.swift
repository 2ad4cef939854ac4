import LunarSignals
import Testing

@Suite struct FlatteningTests {
    @Test func flatMapMergesInnersAndCompletesWhenAllDo() {
        let outer = Subject<String>()
        var inners: [String: Subject<String>] = [:]
        let recorder = Recorder(outer.signal.flatMap { key -> Signal<String> in
            let inner = Subject<String>()
            inners[key] = inner
            return inner.signal.map { "\(key)\($0)" }
        })
        outer.sendNext("a")
        outer.sendNext("b")
        inners["a"]?.sendNext("1")
        inners["b"]?.sendNext("1")
        inners["a"]?.sendNext("2")
        outer.sendCompleted()
        inners["a"]?.sendCompleted()
        #expect(recorder.events == nexts(["a1", "b1", "a2"]))
        inners["b"]?.sendCompleted()
        #expect(recorder.events.last == .completed)
    }

    @Test func flatMapInnerErrorFailsAndDisposesEverything() {
        let outer = ProbeSource<Int>()
        let inner = ProbeSource<Int>()
        let other = ProbeSource<Int>()
        let recorder = Recorder(outer.signal.flatMap { $0 == 1 ? inner.signal : other.signal })
        outer.subject.sendNext(1)
        outer.subject.sendNext(2)
        inner.subject.sendError(TestError())
        #expect(recorder.events == [.error("boom")])
        #expect(outer.live == 0 && inner.live == 0 && other.live == 0)
    }

    @Test func flatMapThrowFailsTheResult() {
        let signal = Signal.of(1, 2).flatMap { _ -> Signal<Int> in throw TestError("map") }
        #expect(Recorder(signal).events == [.error("map")])
    }

    @Test func flatMapDisposalMidStreamReleasesInners() {
        let outer = ProbeSource<Int>()
        let inner = ProbeSource<Int>()
        let recorder = Recorder(outer.signal.flatMap { _ in inner.signal })
        outer.subject.sendNext(1)
        outer.subject.sendNext(2)
        #expect(inner.live == 2)
        recorder.subscription.dispose()
        #expect(inner.live == 0 && outer.live == 0)
    }

    @Test func flatMapReentrantInnerSend() {
        let outer = Subject<Int>()
        let inner = Subject<Int>()
        let recorder = Recorder(outer.signal.flatMap { _ in inner.signal })
        recorder.onEvent = { event in
            if case .next(1) = event { inner.sendNext(2) }
        }
        outer.sendNext(0)
        inner.sendNext(1)
        #expect(recorder.values == [1, 2])
    }

    @Test func switchMapForwardsOnlyTheLatestInner() {
        let outer = Subject<Int>()
        let first = ProbeSource<String>()
        let second = ProbeSource<String>()
        let recorder = Recorder(outer.signal.switchMap { $0 == 1 ? first.signal : second.signal })
        outer.sendNext(1)
        first.subject.sendNext("a")
        outer.sendNext(2)
        #expect(first.live == 0)
        first.subject.sendNext("stale")
        second.subject.sendNext("b")
        outer.sendCompleted()
        #expect(recorder.events == nexts(["a", "b"]))
        second.subject.sendCompleted()
        #expect(recorder.events == nexts(["a", "b"]) + [.completed])
    }

    @Test func switchMapCompletesWithSourceWhenNoInnerRuns() {
        let outer = Subject<Int>()
        let recorder = Recorder(outer.signal.switchMap { Signal.just($0) })
        outer.sendNext(1)
        outer.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func switchToLatestAndFlattenOnSignalsOfSignals() {
        let signals = Signal.of(Signal.of(1, 2), Signal.of(3))
        #expect(Recorder(signals.switchToLatest()).events == nexts([1, 2, 3]) + [.completed])
        #expect(Recorder(signals.flatten()).events == nexts([1, 2, 3]) + [.completed])
    }

    @Test func mergeInterleavesAndFailsOnFirstError() {
        let a = Subject<Int>()
        let b = Subject<Int>()
        let recorder = Recorder(a.signal.merge(with: b.signal))
        a.sendNext(1)
        b.sendNext(2)
        a.sendCompleted()
        b.sendNext(3)
        b.sendError(TestError())
        #expect(recorder.events == nexts([1, 2, 3]) + [.error("boom")])
        #expect(Recorder(Signal<Int>.merge([])).events == [.completed])
    }

    @Test func concatSubscribesInTurn() {
        let second = ProbeSource<Int>()
        let first = Subject<Int>()
        let recorder = Recorder(first.signal.concat(second.signal))
        first.sendNext(1)
        #expect(second.subscriptions == 0)
        first.sendCompleted()
        #expect(second.live == 1)
        second.subject.sendNext(2)
        second.subject.sendCompleted()
        #expect(recorder.events == nexts([1, 2]) + [.completed])
        let chained = Signal.concat([.of(1), .of(2, 3), .empty(), .of(4)])
        #expect(Recorder(chained).events == nexts([1, 2, 3, 4]) + [.completed])
    }

    @Test func concatStopsOnErrorAndOnDisposal() {
        let second = ProbeSource<Int>()
        #expect(Recorder(Signal<Int>.fail(TestError()).concat(second.signal)).events == [.error("boom")])
        #expect(second.subscriptions == 0)
        let recorder = Recorder(Signal.of(1).concat(second.signal))
        recorder.subscription.dispose()
        #expect(second.live == 0)
        #expect(Recorder(Signal.of(1, 2).concat(.of(3)).take(2)).events == nexts([1, 2]) + [.completed])
    }
}
