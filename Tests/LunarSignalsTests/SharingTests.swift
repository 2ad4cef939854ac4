import LunarSignals
import Testing

@Suite struct SharingTests {
    @Test func shareUsesOneSourceSubscriptionAndReconnectsAfterTheLastLeaves() {
        let source = ProbeSource<Int>()
        let shared = source.signal.share()
        let first = Recorder(shared)
        source.subject.sendNext(1)
        let second = Recorder(shared)
        source.subject.sendNext(2)
        #expect(source.subscriptions == 1)
        #expect(first.values == [1, 2])
        #expect(second.values == [2])
        first.subscription.dispose()
        #expect(source.live == 1)
        second.subscription.dispose()
        #expect(source.live == 0)
        let third = Recorder(shared)
        source.subject.sendNext(3)
        #expect(source.subscriptions == 2)
        #expect(third.values == [3])
    }

    @Test func shareReconnectsAfterTheSourceEnds() {
        var starts = 0
        let shared = Signal<Int> { observer in
            starts += 1
            observer.sendNext(starts)
            observer.sendCompleted()
            return nil
        }.share()
        #expect(Recorder(shared).events == [.next(1), .completed])
        #expect(Recorder(shared).events == [.next(2), .completed])
    }

    @Test func replayConnectsLazilyOnceAndReplaysToLateSubscribers() {
        let source = ProbeSource<Int>()
        let replayed = source.signal.replay(2)
        #expect(source.subscriptions == 0)
        let first = Recorder(replayed)
        for value in 1...3 { source.subject.sendNext(value) }
        let late = Recorder(replayed)
        source.subject.sendCompleted()
        #expect(source.subscriptions == 1)
        #expect(first.events == nexts([1, 2, 3]) + [.completed])
        #expect(late.events == nexts([2, 3]) + [.completed])
        #expect(Recorder(replayed).events == nexts([2, 3]) + [.completed])
    }

    @Test func replayOfASynchronousSourceReachesTheFirstSubscriber() {
        var starts = 0
        let replayed = Signal<Int> { observer in
            starts += 1
            observer.sendNext(7)
            observer.sendCompleted()
            return nil
        }.replay()
        #expect(Recorder(replayed).events == [.next(7), .completed])
        #expect(Recorder(replayed).events == [.next(7), .completed])
        #expect(starts == 1)
    }
}
