extension Signal {
    /// Sends the first `count` values, then completes and disposes the source. With `count <= 0`
    /// it completes at once without subscribing to the source.
    public func take(_ count: Int) -> Signal<Value> {
        guard count > 0 else { return .empty() }
        return lift { downstream in
            var remaining = count
            return { event in
                guard case .next = event else { return downstream.send(event) }
                remaining -= 1
                downstream.send(event)
                if remaining == 0 { downstream.sendCompleted() }
            }
        }
    }

    /// Drops the first `count` values, then sends the rest.
    public func skip(_ count: Int) -> Signal<Value> {
        guard count > 0 else { return self }
        return lift { downstream in
            var remaining = count
            return { event in
                if case .next = event, remaining > 0 {
                    remaining -= 1
                    return
                }
                downstream.send(event)
            }
        }
    }

    /// Forwards this signal until `trigger` sends a value or completes, then completes (an error
    /// from `trigger` is ignored). The trigger is subscribed first: if it fires synchronously on
    /// subscription, the result completes at once and the source is never subscribed.
    public func takeUntil<Trigger>(_ trigger: Signal<Trigger>) -> Signal<Value> {
        Signal { downstream in
            let group = CompositeDisposable()
            downstream.attach(group)
            let triggerObserver = Observer<Trigger> { event in
                switch event {
                case .next, .completed: downstream.sendCompleted()
                case .failed: break
                }
            }
            group.add(triggerObserver)
            trigger.subscribe(triggerObserver)
            guard !downstream.isDisposed else { return group }
            let upstream = Observer<Value>(downstream.send)
            group.add(upstream)
            self.subscribe(upstream)
            return group
        }
    }

    /// Forwards this signal until `lifetime` ends, then completes (at once if it already has).
    public func take(during lifetime: Lifetime) -> Signal<Value> {
        takeUntil(lifetime.ended)
    }
}
