extension Signal {
    /// Maps each value to a signal and merges all of them (ReactiveObjC's `flattenMap:`).
    ///
    /// Inner signals run concurrently; the result completes when the source and every inner
    /// signal have completed, and fails on the first error anywhere (disposing the rest). A throw
    /// from `transform` fails the result.
    public func flatMap<NewValue>(_ transform: @escaping (Value) throws -> Signal<NewValue>) -> Signal<NewValue> {
        Signal<NewValue> { downstream in
            let group = CompositeDisposable()
            downstream.attach(group)
            var running = 1  // the source, plus one per live inner signal
            func finishOne() {
                running -= 1
                if running == 0 { downstream.sendCompleted() }
            }
            let upstream = Observer<Value> { event in
                switch event {
                case .next(let value):
                    let inner: Signal<NewValue>
                    do { inner = try transform(value) } catch { return downstream.sendError(error) }
                    running += 1
                    let innerObserver = Observer<NewValue> { innerEvent in
                        switch innerEvent {
                        case .next(let innerValue): downstream.sendNext(innerValue)
                        case .failed(let error): downstream.sendError(error)
                        case .completed: finishOne()
                        }
                    }
                    group.add(innerObserver)
                    inner.subscribe(innerObserver)
                case .failed(let error):
                    downstream.sendError(error)
                case .completed:
                    finishOne()
                }
            }
            group.add(upstream)
            self.subscribe(upstream)
            return group
        }
    }

    /// Maps each value to a signal and forwards only the latest one: a new value disposes the
    /// previous inner signal. Completes when the source and the latest inner signal have
    /// completed; fails on the first error. A throw from `transform` fails the result.
    public func switchMap<NewValue>(_ transform: @escaping (Value) throws -> Signal<NewValue>) -> Signal<NewValue> {
        Signal<NewValue> { downstream in
            let group = CompositeDisposable()
            downstream.attach(group)
            let latest = SerialDisposable()
            group.add(latest)
            var sourceCompleted = false
            var innerRunning = false
            let upstream = Observer<Value> { event in
                switch event {
                case .next(let value):
                    let inner: Signal<NewValue>
                    do { inner = try transform(value) } catch { return downstream.sendError(error) }
                    innerRunning = true
                    let innerObserver = Observer<NewValue> { innerEvent in
                        switch innerEvent {
                        case .next(let innerValue): downstream.sendNext(innerValue)
                        case .failed(let error): downstream.sendError(error)
                        case .completed:
                            innerRunning = false
                            if sourceCompleted { downstream.sendCompleted() }
                        }
                    }
                    latest.inner = innerObserver
                    inner.subscribe(innerObserver)
                case .failed(let error):
                    downstream.sendError(error)
                case .completed:
                    sourceCompleted = true
                    if !innerRunning { downstream.sendCompleted() }
                }
            }
            group.add(upstream)
            self.subscribe(upstream)
            return group
        }
    }

    /// Merges this signal with `others`: every value of each, completing when all complete.
    public func merge(with others: Signal<Value>...) -> Signal<Value> {
        .merge([self] + others)
    }

    /// Merges `signals`: every value of each as it comes, completing when all complete and
    /// failing on the first error.
    public static func merge(_ signals: [Signal<Value>]) -> Signal<Value> {
        Signal<Signal<Value>>.from(signals).flatMap { $0 }
    }

    /// This signal's events, then (after it completes) `next`'s events.
    public func concat(_ next: Signal<Value>) -> Signal<Value> {
        .concat([self, next])
    }

    /// Each signal in turn: the next is subscribed when the previous completes. An error ends
    /// the result at once.
    public static func concat(_ signals: [Signal<Value>]) -> Signal<Value> {
        Signal { downstream in
            let current = SerialDisposable()
            downstream.attach(current)
            var index = 0
            func subscribeNext() {
                guard index < signals.count else { return downstream.sendCompleted() }
                let signal = signals[index]
                index += 1
                let observer = Observer<Value> { event in
                    if case .completed = event {
                        subscribeNext()
                    } else {
                        downstream.send(event)
                    }
                }
                current.inner = observer
                signal.subscribe(observer)
            }
            subscribeNext()
            return current
        }
    }
}

extension Signal {
    /// Forwards the values of the latest inner signal (for a signal of signals); see `switchMap`.
    public func switchToLatest<Inner>() -> Signal<Inner> where Value == Signal<Inner> {
        switchMap { $0 }
    }

    /// Merges the inner signals of a signal of signals; see `flatMap`.
    public func flatten<Inner>() -> Signal<Inner> where Value == Signal<Inner> {
        flatMap { $0 }
    }
}
