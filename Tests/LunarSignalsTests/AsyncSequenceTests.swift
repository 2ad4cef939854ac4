import LunarSignals
import Testing

@Suite struct AsyncSequenceTests {
    @Test func valuesYieldsEachValueThenFinishes() async throws {
        let subject = Subject<Int>()
        let stream = subject.signal.values()
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        var received: [Int] = []
        for try await value in stream { received.append(value) }
        #expect(received == [1, 2])
    }

    @Test func valuesThrowsTheSignalsError() async {
        let stream = Signal<Int>.of(1).concat(.fail(TestError("late"))).values()
        var received: [Int] = []
        await #expect(throws: TestError("late")) {
            for try await value in stream { received.append(value) }
        }
        #expect(received == [1])
    }

    @Test func subscriptionEndsAtTheNextEventAfterTheConsumerLeaves() async throws {
        let source = ProbeSource<Int>()
        var stream: AsyncThrowingStream<Int, any Error>? = source.signal.values()
        source.subject.sendNext(1)
        var iterator = stream?.makeAsyncIterator()
        #expect(try await iterator?.next() == 1)
        iterator = nil
        stream = nil
        #expect(source.live == 1)
        source.subject.sendNext(2)
        #expect(source.live == 0)
    }
}
