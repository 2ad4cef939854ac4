import LunarSignals
import Testing

@Suite struct SubjectTests {
    @Test func subjectIsHotAndLateSubscribersGetOnlyTheEnd() {
        let subject = Subject<Int>()
        subject.sendNext(0)
        let early = Recorder(subject.signal)
        subject.sendNext(1)
        let middle = Recorder(subject.signal)
        subject.sendNext(2)
        subject.sendCompleted()
        subject.sendNext(3)
        let late = Recorder(subject.signal)
        #expect(early.events == [.next(1), .next(2), .completed])
        #expect(middle.events == [.next(2), .completed])
        #expect(late.events == [.completed])
    }

    @Test func reentrantSendsReachEverySubscriberInTheSameOrder() {
        let subject = Subject<Int>()
        var log: [String] = []
        // Unowned: a subscriber holding its own subject would be a cycle outliving the test.
        subject.signal.subscribe(next: { [unowned subject] value in
            log.append("a\(value)")
            if value == 1 { subject.sendNext(2) }
        })
        subject.signal.subscribe(next: { log.append("b\($0)") })
        subject.sendNext(1)
        #expect(log == ["a1", "b1", "a2", "b2"])
    }

    @Test func subscriberAddedDuringDeliveryGetsOnlyLaterEvents() {
        let subject = Subject<Int>()
        var late: Recorder<Int>?
        subject.signal.subscribe(next: { [unowned subject] value in
            if value == 1 {
                subject.sendNext(2)
                late = Recorder(subject.signal)
                subject.sendNext(3)
            }
        })
        subject.sendNext(1)
        #expect(late?.values == [3])
    }

    @Test func completionSentFromASubscriberEndsAfterQueuedValues() {
        let subject = Subject<Int>()
        let first = Recorder(subject.signal)
        first.onEvent = { event in
            if case .next(1) = event {
                subject.sendNext(2)
                subject.sendCompleted()
            }
        }
        let second = Recorder(subject.signal)
        subject.sendNext(1)
        #expect(first.events == [.next(1), .next(2), .completed])
        #expect(second.events == [.next(1), .next(2), .completed])
    }

    @Test func disposingDuringDeliveryStopsThatSubscriberAtOnce() {
        let subject = Subject<Int>()
        var second: (any Disposable)?
        var secondValues: [Int] = []
        subject.signal.subscribe(next: { _ in second?.dispose() })
        second = subject.signal.subscribe(next: { secondValues.append($0) })
        subject.sendNext(1)
        #expect(secondValues.isEmpty)
    }

    @Test func replaySubjectReplaysItsCapacityThenLiveEvents() {
        let subject = ReplaySubject<Int>(capacity: 2)
        for value in 1...3 { subject.sendNext(value) }
        let recorder = Recorder(subject.signal)
        subject.sendNext(4)
        #expect(recorder.values == [2, 3, 4])
        #expect(subject.replayedValues == [3, 4])
        subject.sendError(TestError())
        #expect(Recorder(subject.signal).events == [.next(3), .next(4), .error("boom")])
    }

    @Test func replaySubjectWithZeroCapacityIsPlain() {
        let subject = ReplaySubject<Int>(capacity: 0)
        subject.sendNext(1)
        subject.sendCompleted()
        #expect(Recorder(subject.signal).events == [.completed])
    }

    @Test func replaySubjectSubscriberAddedMidDeliveryGetsNoDuplicate() {
        let subject = ReplaySubject<Int>()
        var late: Recorder<Int>?
        subject.signal.subscribe(next: { [unowned subject] value in
            if value == 1 {
                subject.sendNext(2)
                late = Recorder(subject.signal)
            }
        })
        subject.sendNext(1)
        subject.sendNext(3)
        #expect(late?.values == [1, 2, 3])
    }

    @Test func replaySubjectDisposalStopsReplayMidway() {
        let subject = ReplaySubject<Int>()
        for value in 1...5 { subject.sendNext(value) }
        #expect(Recorder(subject.signal.take(2)).events == [.next(1), .next(2), .completed])
    }

    @Test func propertySendsCurrentValueThenChanges() {
        let property = Property(1)
        let recorder = Recorder(property.signal)
        let changes = Recorder(property.changes)
        property.value = 2
        property.value = 2
        #expect(recorder.values == [1, 2, 2])
        #expect(changes.values == [2, 2])
        #expect(property.value == 2)
    }

    @Test func propertySetInsideASubscriberUpdatesAtOnceAndNotifiesInOrder() {
        let property = Property(0)
        var seenInside: Int?
        var log: [String] = []
        property.signal.subscribe(next: { [unowned property] value in
            log.append("a\(value)")
            if value == 1 {
                property.value = 2
                seenInside = property.value
            }
        })
        property.signal.subscribe(next: { log.append("b\($0)") })
        log.removeAll()
        property.value = 1
        #expect(seenInside == 2)
        #expect(log == ["a1", "b1", "a2", "b2"])
    }

    @Test func propertySubscriberAddedMidDeliverySeesTheLatestValueOnce() {
        let property = Property(0)
        var late: Recorder<Int>?
        property.changes.subscribe(next: { [unowned property] value in
            if value == 1 {
                property.value = 2
                late = Recorder(property.signal)
            }
        })
        property.value = 1
        #expect(late?.values == [2])
    }
}
