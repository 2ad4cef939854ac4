extension Signal {
    /// Sends every event as a value: each value as `.next`, then the terminal event as a value,
    /// then completes. The result never fails.
    public func materialize() -> Signal<Event<Value>> {
        lift { downstream in
            { event in
                downstream.sendNext(event)
                if event.isTerminal { downstream.sendCompleted() }
            }
        }
    }

    /// The inverse of `materialize` for a signal of events: sends each carried event; the first
    /// terminal one ends the result.
    public func dematerialize<Inner>() -> Signal<Inner> where Value == Event<Inner> {
        lift { downstream in
            { event in
                switch event {
                case .next(let inner): downstream.send(inner)
                case .failed(let error): downstream.sendError(error)
                case .completed: downstream.sendCompleted()
                }
            }
        }
    }
}
