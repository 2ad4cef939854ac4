import LunarSignals
import Testing

@Suite struct RecoveringTests {
    @Test func catchSwitchesToTheReplacement() {
        let source = Subject<Int>()
        let replacement = ProbeSource<Int>()
        var caught: String?
        let recorder = Recorder(source.signal.catch { error in
            caught = "\(error)"
            return replacement.signal
        })
        source.sendNext(1)
        source.sendError(TestError())
        replacement.subject.sendNext(2)
        #expect(caught == "boom")
        #expect(recorder.values == [1, 2])
        recorder.subscription.dispose()
        #expect(replacement.live == 0)
    }

    @Test func catchHandlerThrowReplacesTheError() {
        let signal = Signal<Int>.fail(TestError()).catch { _ in throw TestError("again") }
        #expect(Recorder(signal).events == [.error("again")])
    }

    @Test func retryOfAnEndedSubjectFailsAfterEveryAttempt() {
        let source = ProbeSource<Int>()
        source.subject.sendError(TestError())
        #expect(Recorder(source.signal.retry(3)).events == [.error("boom")])
        #expect(source.subscriptions == 4 && source.live == 0)
    }

    @Test func retryResubscribesUpToCount() {
        var attempts = 0
        let flaky = Signal<Int> { observer in
            attempts += 1
            observer.sendNext(attempts)
            if attempts < 3 {
                observer.sendError(TestError("attempt \(attempts)"))
            } else {
                observer.sendCompleted()
            }
            return nil
        }
        #expect(Recorder(flaky.retry(5)).events == nexts([1, 2, 3]) + [.completed])
        attempts = 0
        #expect(Recorder(flaky.retry(1)).events == nexts([1, 2]) + [.error("attempt 2")])
    }

    @Test func retryDisposalStopsResubscribing() {
        let source = ProbeSource<Int>()
        let recorder = Recorder(source.signal.map { value -> Int in
            if value < 0 { throw TestError() }
            return value
        }.retry(3))
        source.subject.sendNext(-1)
        #expect(source.subscriptions == 2 && source.live == 1)
        recorder.subscription.dispose()
        #expect(source.live == 0)
        source.subject.sendNext(-1)
        #expect(source.subscriptions == 2)
        #expect(recorder.events.isEmpty)
    }

    @Test func retryResubscribesToALiveSource() {
        let source = ProbeSource<Int>()
        var failures = 0
        let subject = source.subject
        let recorder = Recorder(source.signal.doNext { value in
            if value < 0 && failures < 2 {
                failures += 1
                throw TestError()
            }
        }.retry(2))
        subject.sendNext(-1)
        subject.sendNext(-1)
        subject.sendNext(-1)
        subject.sendNext(5)
        #expect(recorder.values == [-1, 5])
        #expect(source.subscriptions == 3 && source.live == 1)
    }
}
