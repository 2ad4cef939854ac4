extension Signal {
    /// Sends an array of the latest value of each signal whenever any of them sends, once every
    /// one has sent at least once. Completes when all complete; fails on the first error.
    /// An empty list completes at once.
    public static func combineLatest(_ signals: [Signal<Value>]) -> Signal<[Value]> {
        Signal<[Value]> { downstream in
            guard !signals.isEmpty else {
                downstream.sendCompleted()
                return nil
            }
            let group = CompositeDisposable()
            downstream.attach(group)
            var latest = [Value?](repeating: nil, count: signals.count)
            var missing = signals.count
            var running = signals.count
            for (index, signal) in signals.enumerated() {
                let observer = Observer<Value> { event in
                    switch event {
                    case .next(let value):
                        if latest[index] == nil { missing -= 1 }
                        latest[index] = .some(value)
                        if missing == 0 { downstream.sendNext(latest.map { $0! }) }
                    case .failed(let error):
                        downstream.sendError(error)
                    case .completed:
                        running -= 1
                        if running == 0 { downstream.sendCompleted() }
                    }
                }
                group.add(observer)
                signal.subscribe(observer)
                if downstream.isDisposed { break }
            }
            return group
        }
    }

    /// Pairs the latest values of this signal and `other`; see `combineLatest(_:)`.
    public func combineLatest<Other>(with other: Signal<Other>) -> Signal<(Value, Other)> {
        Signal<Pair<Value, Other>>.combineLatest([
            map { .first($0) },
            other.map { .second($0) },
        ]).map { ($0[0].first!, $0[1].second!) }
    }

    /// Sends an array of the n-th value of each signal once every signal has sent its n-th value.
    /// Completes when a signal has completed and none of its values wait to be paired; fails on
    /// the first error. An empty list completes at once.
    public static func zip(_ signals: [Signal<Value>]) -> Signal<[Value]> {
        Signal<[Value]> { downstream in
            guard !signals.isEmpty else {
                downstream.sendCompleted()
                return nil
            }
            let group = CompositeDisposable()
            downstream.attach(group)
            var queues = [[Value]](repeating: [], count: signals.count)
            var completed = [Bool](repeating: false, count: signals.count)
            func completeIfExhausted() {
                for index in queues.indices where completed[index] && queues[index].isEmpty {
                    return downstream.sendCompleted()
                }
            }
            for (index, signal) in signals.enumerated() {
                let observer = Observer<Value> { event in
                    switch event {
                    case .next(let value):
                        queues[index].append(value)
                        if queues.allSatisfy({ !$0.isEmpty }) {
                            let row = queues.indices.map { queues[$0].removeFirst() }
                            downstream.sendNext(row)
                        }
                        completeIfExhausted()
                    case .failed(let error):
                        downstream.sendError(error)
                    case .completed:
                        completed[index] = true
                        completeIfExhausted()
                    }
                }
                group.add(observer)
                signal.subscribe(observer)
                if downstream.isDisposed { break }
            }
            return group
        }
    }

    /// Pairs the n-th values of this signal and `other`; see `zip(_:)`.
    public func zip<Other>(with other: Signal<Other>) -> Signal<(Value, Other)> {
        Signal<Pair<Value, Other>>.zip([
            map { .first($0) },
            other.map { .second($0) },
        ]).map { ($0[0].first!, $0[1].second!) }
    }
}

/// Lets the list-based combinators carry two value types.
@usableFromInline
enum Pair<First, Second> {
    case first(First)
    case second(Second)

    var first: First? {
        if case .first(let value) = self { return value }
        return nil
    }

    var second: Second? {
        if case .second(let value) = self { return value }
        return nil
    }
}
