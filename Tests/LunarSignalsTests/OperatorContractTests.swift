import LunarSignals
import Testing

/// The event-grammar contract every single-source operator must keep: values, error,
/// completion, disposal mid-stream and re-entrant sends, checked against explicit histories.
enum ContractOperator: String, CaseIterable, Sendable {
    case map, filter, scan, distinct, startWith, skip, take, takeUntil, doNext, doError, doCompleted
    case flatMap, switchMap, mergeWithEmpty, share, replay, delayImmediate, catchError, retry

    func apply(_ source: Signal<Int>) -> Signal<Int> {
        switch self {
        case .map: return source.map { $0 * 10 }
        case .filter: return source.filter { $0 % 2 == 1 }
        case .scan: return source.scan(0, +)
        case .distinct: return source.distinctUntilChanged()
        case .startWith: return source.startWith(0)
        case .skip: return source.skip(1)
        case .take: return source.take(3)
        case .takeUntil: return source.takeUntil(Signal<Void>.never())
        case .doNext: return source.doNext { _ in }
        case .doError: return source.doError { _ in }
        case .doCompleted: return source.doCompleted {}
        case .flatMap: return source.flatMap { .just($0) }
        case .switchMap: return source.switchMap { .just($0) }
        case .mergeWithEmpty: return source.merge(with: .empty())
        case .share: return source.share()
        case .replay: return source.replay()
        case .delayImmediate: return source.delay(1, on: ImmediateScheduler())
        case .catchError: return source.catch { _ in .just(-1) }
        case .retry: return source.retry(0)
        }
    }

    /// Output for the input 1, 2, 2, 3 (before any terminal event).
    var expectedValues: [Int] {
        switch self {
        case .map: return [10, 20, 20, 30]
        case .filter: return [1, 3]
        case .scan: return [1, 3, 5, 8]
        case .distinct: return [1, 2, 3]
        case .startWith: return [0, 1, 2, 2, 3]
        case .skip: return [2, 2, 3]
        case .take: return [1, 2, 2]
        default: return [1, 2, 2, 3]
        }
    }

    /// Output when the subscriber sends 100 into the source on its first value.
    var expectedReentrant: [Int] {
        switch self {
        case .map: return [10, 1000, 20, 20, 30]
        case .filter: return [1, 3]
        case .scan: return [1, 101, 103, 105, 108]
        case .distinct: return [1, 100, 2, 3]
        // The recorder's hook is set after the synchronous 0, so the 1 triggers the send.
        case .startWith: return [0, 1, 100, 2, 2, 3]
        case .skip: return [2, 100, 2, 3]
        case .take: return [1, 100, 2]
        default: return [1, 100, 2, 2, 3]
        }
    }

    /// Whether the operator ends by itself before the source's terminal event.
    var endsEarly: Bool { self == .take }

    /// Whether the source subscription outlives the subscribers (replay keeps its connection).
    var keepsConnection: Bool { self == .replay }

    /// What the operator turns a source error into.
    var expectedOnError: [Recorded<Int>] {
        switch self {
        case .catchError: return [.next(-1), .completed]
        default: return [.error("boom")]
        }
    }
}

@Suite struct OperatorContractTests {
    @Test(arguments: ContractOperator.allCases)
    func valuesThenCompletion(_ op: ContractOperator) {
        let source = ProbeSource<Int>()
        let recorder = Recorder(op.apply(source.signal))
        for value in [1, 2, 2, 3] { source.subject.sendNext(value) }
        source.subject.sendCompleted()
        #expect(recorder.events == nexts(op.expectedValues) + [.completed])
        #expect(source.live == 0)
    }

    @Test(arguments: ContractOperator.allCases)
    func errorEndsTheResult(_ op: ContractOperator) {
        let source = ProbeSource<Int>()
        let recorder = Recorder(op.apply(source.signal))
        for value in [1, 2, 2, 3] { source.subject.sendNext(value) }
        source.subject.sendError(TestError())
        source.subject.sendNext(99)
        let expected = op.endsEarly
            ? nexts(op.expectedValues) + [.completed]
            : nexts(op.expectedValues) + op.expectedOnError
        #expect(recorder.events == expected)
        #expect(source.live == 0)
    }

    @Test(arguments: ContractOperator.allCases)
    func disposalMidStreamStopsDeliveryAndReleasesTheSource(_ op: ContractOperator) {
        let source = ProbeSource<Int>()
        let recorder = Recorder(op.apply(source.signal))
        source.subject.sendNext(1)
        let before = recorder.events
        recorder.subscription.dispose()
        #expect(source.live == (op.keepsConnection ? 1 : 0))
        source.subject.sendNext(2)
        source.subject.sendCompleted()
        #expect(recorder.events == before)
        #expect(recorder.subscription.isDisposed)
    }

    @Test(arguments: ContractOperator.allCases)
    func reentrantSendIsDeliveredAfterTheCurrentValue(_ op: ContractOperator) {
        let source = ProbeSource<Int>()
        let recorder = Recorder(op.apply(source.signal))
        var sentBack = false
        recorder.onEvent = { event in
            guard case .next = event, !sentBack else { return }
            sentBack = true
            source.subject.sendNext(100)
        }
        for value in [1, 2, 2, 3] { source.subject.sendNext(value) }
        #expect(recorder.values == op.expectedReentrant)
    }
}
