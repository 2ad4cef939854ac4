import LunarSignals
import Testing

@Suite struct LifetimeTests {
    @Test func endDisposesEverythingAddedAndLaterAdditions() {
        let lifetime = Lifetime()
        let subject = Subject<Int>()
        var received: [Int] = []
        lifetime.add(subject.signal.subscribe(next: { received.append($0) }))
        lifetime.add(subject.signal.map { $0 * 10 }.subscribe(next: { received.append($0) }))
        subject.sendNext(1)
        lifetime.end()
        subject.sendNext(2)
        #expect(received == [1, 10])
        #expect(lifetime.isEnded)
        let late = ActionDisposable()
        lifetime.add(late)
        #expect(late.isDisposed)
    }

    @Test func endedNotifiesBeforeDisposingAndOnlyOnce() {
        let lifetime = Lifetime()
        var log: [String] = []
        lifetime.add(ActionDisposable { log.append("disposed") })
        lifetime.ended.subscribe(next: { log.append("ended"); lifetime.end() }, completed: { log.append("completed") })
        lifetime.end()
        lifetime.end()
        #expect(log == ["ended", "completed", "disposed"])
    }

    @Test func deallocationEndsTheLifetime() {
        var disposed = false
        var lifetime: Lifetime? = Lifetime()
        lifetime?.add(ActionDisposable { disposed = true })
        lifetime = nil
        #expect(disposed)
    }
}
