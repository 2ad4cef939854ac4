extension Signal {
    /// Turns each value into zero or one value with a function made anew for each subscription,
    /// so it may keep per-subscription state (a fused run of `map`, `filter` and `scan` stages
    /// does). `nil` drops the value. If `makeTransform` or the function throws, the result fails
    /// with that error and the source subscription is disposed.
    @inlinable
    public func compactMap<NewValue>(
        makingTransformPerSubscription makeTransform: @escaping () throws -> (Value) throws -> NewValue?
    ) -> Signal<NewValue> {
        Signal<NewValue> { downstream in
            let transform: (Value) throws -> NewValue?
            do { transform = try makeTransform() } catch {
                downstream.sendError(error)
                return nil
            }
            let upstream = Observer<Value> { event in
                switch event {
                case .next(let value):
                    let result: NewValue?
                    do { result = try transform(value) } catch { return downstream.sendError(error) }
                    if let result { downstream.sendNext(result) }
                case .failed(let error):
                    downstream.sendError(error)
                case .completed:
                    downstream.sendCompleted()
                }
            }
            return self.subscribe(upstream, feeding: downstream)
        }
    }

    /// Sends `transform(value)` for each value. If `transform` throws, the result fails with that
    /// error and the source subscription is disposed.
    @inlinable
    public func map<NewValue>(_ transform: @escaping (Value) throws -> NewValue) -> Signal<NewValue> {
        lift { downstream in
            { event in
                switch event {
                case .next(let value):
                    let mapped: NewValue
                    do { mapped = try transform(value) } catch { return downstream.sendError(error) }
                    downstream.sendNext(mapped)
                case .failed(let error):
                    downstream.sendError(error)
                case .completed:
                    downstream.sendCompleted()
                }
            }
        }
    }

    /// Sends only the values for which `isIncluded` returns true; a throw fails the result.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) throws -> Bool) -> Signal<Value> {
        lift { downstream in
            { event in
                switch event {
                case .next(let value):
                    let included: Bool
                    do { included = try isIncluded(value) } catch { return downstream.sendError(error) }
                    if included { downstream.sendNext(value) }
                case .failed(let error):
                    downstream.sendError(error)
                case .completed:
                    downstream.sendCompleted()
                }
            }
        }
    }

    /// Sends the running accumulation: `combine(initial, v1)`, then `combine(that, v2)`, ...
    /// (ReactiveObjC's `scanWithStart:reduce:`). Each subscription starts again from `initial`.
    @inlinable
    public func scan<Result>(
        _ initial: Result,
        _ combine: @escaping (Result, Value) throws -> Result
    ) -> Signal<Result> {
        lift { downstream in
            var accumulated = initial
            return { event in
                switch event {
                case .next(let value):
                    do { accumulated = try combine(accumulated, value) } catch { return downstream.sendError(error) }
                    downstream.sendNext(accumulated)
                case .failed(let error):
                    downstream.sendError(error)
                case .completed:
                    downstream.sendCompleted()
                }
            }
        }
    }

    /// Drops a value when `isEquivalent(previous, value)` says it repeats the previous value
    /// sent (`distinct` in Lua). The first value always passes; a throw fails the result.
    public func distinctUntilChanged(by isEquivalent: @escaping (Value, Value) throws -> Bool) -> Signal<Value> {
        lift { downstream in
            var previous: Value?
            return { event in
                switch event {
                case .next(let value):
                    if let last = previous {
                        let repeated: Bool
                        do { repeated = try isEquivalent(last, value) } catch { return downstream.sendError(error) }
                        if repeated { return }
                    }
                    previous = value
                    downstream.sendNext(value)
                case .failed(let error):
                    downstream.sendError(error)
                case .completed:
                    downstream.sendCompleted()
                }
            }
        }
    }

    /// Sends `value` first, then this signal's events.
    public func startWith(_ value: Value) -> Signal<Value> {
        Signal { downstream in
            downstream.sendNext(value)
            guard !downstream.isDisposed else { return nil }
            return self.forward(to: downstream)
        }
    }

    /// Sends one array of every value when the source completes (an empty array if it sent none).
    /// An error is forwarded and the collected values are dropped.
    public func collect() -> Signal<[Value]> {
        lift { downstream in
            var values: [Value] = []
            return { event in
                switch event {
                case .next(let value):
                    values.append(value)
                case .failed(let error):
                    downstream.sendError(error)
                case .completed:
                    downstream.sendNext(values)
                    downstream.sendCompleted()
                }
            }
        }
    }
}

extension Signal where Value: Equatable {
    /// Drops values equal to the previous value sent (`distinct` in Lua).
    public func distinctUntilChanged() -> Signal<Value> {
        distinctUntilChanged(by: ==)
    }
}
