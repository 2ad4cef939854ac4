extension Signal {
    /// Sends the scheduler's time every `seconds`, starting `seconds` after subscription, until
    /// disposed (ReactiveObjC's `interval:onScheduler:`). Ticks are spaced from the start time,
    /// so a late tick does not push the later ones back.
    public static func interval(_ seconds: Double, on scheduler: any Scheduler) -> Signal<Double> {
        precondition(seconds > 0, "interval must be positive")
        return Signal<Double> { downstream in
            let timer = SerialDisposable()
            let start = scheduler.now
            var ticks = 0.0
            func scheduleTick() {
                ticks += 1
                let due = start + ticks * seconds
                timer.inner = scheduler.schedule(after: due - scheduler.now) {
                    downstream.sendNext(scheduler.now)
                    if !downstream.isDisposed { scheduleTick() }
                }
            }
            scheduleTick()
            return timer
        }
    }

    /// Sends each value and the completion `seconds` later; an error is forwarded at once (and
    /// cancels what is still delayed).
    public func delay(_ seconds: Double, on scheduler: any Scheduler) -> Signal<Value> {
        Signal { downstream in
            let group = CompositeDisposable()
            downstream.attach(group)
            let upstream = Observer<Value> { event in
                if case .failed = event { return downstream.send(event) }
                group.add(scheduler.schedule(after: seconds) { downstream.send(event) })
            }
            group.add(upstream)
            self.subscribe(upstream)
            return group
        }
    }

    /// Rate-limits values: a value is sent at once if none was sent in the last `seconds`;
    /// otherwise the latest value waits until that interval is over (earlier waiting ones are
    /// dropped). On completion a waiting value is sent first; an error is forwarded at once.
    ///
    /// ReactiveObjC's `throttle:` waits for a quiet period instead; that is `debounce` here.
    public func throttle(_ seconds: Double, on scheduler: any Scheduler) -> Signal<Value> {
        Signal { downstream in
            let group = CompositeDisposable()
            downstream.attach(group)
            let timer = SerialDisposable()
            group.add(timer)
            var lastSent: Double?
            var waiting: Value?  // a value waiting for its turn (nil: none)
            let upstream = Observer<Value> { event in
                switch event {
                case .next(let value):
                    if waiting != nil {
                        waiting = value
                        return
                    }
                    let now = scheduler.now
                    if let previous = lastSent, now - previous < seconds {
                        waiting = value
                        timer.inner = scheduler.schedule(after: previous + seconds - now) {
                            guard let value = waiting else { return }
                            waiting = nil
                            lastSent = scheduler.now
                            downstream.sendNext(value)
                        }
                    } else {
                        lastSent = now
                        downstream.sendNext(value)
                    }
                case .failed:
                    downstream.send(event)
                case .completed:
                    if let value = waiting { downstream.sendNext(value) }
                    downstream.sendCompleted()
                }
            }
            group.add(upstream)
            self.subscribe(upstream)
            return group
        }
    }

    /// Sends a value only once `seconds` pass without a newer one (each value restarts the
    /// wait). On completion a waiting value is sent first; an error is forwarded at once.
    public func debounce(_ seconds: Double, on scheduler: any Scheduler) -> Signal<Value> {
        Signal { downstream in
            let group = CompositeDisposable()
            downstream.attach(group)
            let timer = SerialDisposable()
            group.add(timer)
            var waiting: Value?  // a value waiting for its turn (nil: none)
            let upstream = Observer<Value> { event in
                switch event {
                case .next(let value):
                    waiting = value
                    timer.inner = scheduler.schedule(after: seconds) {
                        guard let value = waiting else { return }
                        waiting = nil
                        downstream.sendNext(value)
                    }
                case .failed:
                    downstream.send(event)
                case .completed:
                    if let value = waiting { downstream.sendNext(value) }
                    downstream.sendCompleted()
                }
            }
            group.add(upstream)
            self.subscribe(upstream)
            return group
        }
    }

    /// Fails with `TimeoutError` if this signal has not completed or failed within `seconds` of
    /// subscription (ReactiveObjC's `timeout:onScheduler:`); the source is then disposed.
    public func timeout(_ seconds: Double, on scheduler: any Scheduler) -> Signal<Value> {
        Signal { downstream in
            let group = CompositeDisposable()
            downstream.attach(group)
            group.add(scheduler.schedule(after: seconds) {
                downstream.sendError(TimeoutError(seconds: seconds))
            })
            let upstream = Observer<Value>(downstream.send)
            group.add(upstream)
            self.subscribe(upstream)
            return group
        }
    }
}
