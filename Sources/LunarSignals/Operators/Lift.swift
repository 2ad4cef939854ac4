extension Signal {
    /// Builds a one-source operator: `makeHandler` gets the downstream observer of a new
    /// subscription and returns what handles the upstream events for it.
    ///
    /// The upstream subscription is tied to the downstream one before the source starts, so a
    /// downstream that ends during a synchronous start (say `take(1)` over `of(...)`) stops the
    /// source at once; and the other way round, a source that lets go of the upstream one
    /// without an event (a subject that went away) ends the downstream one.
    @inlinable
    func lift<NewValue>(
        _ makeHandler: @escaping (Observer<NewValue>) -> (Event<Value>) -> Void
    ) -> Signal<NewValue> {
        Signal<NewValue> { downstream in
            self.subscribe(Observer<Value>(makeHandler(downstream)), feeding: downstream)
        }
    }

    /// Subscribes `downstream` to this signal's events unchanged, as its only resource (so it
    /// ends when `downstream` ends, even mid-start); returns the subscription for `start` to return.
    @inlinable
    func forward(to downstream: Observer<Value>) -> any Disposable {
        subscribe(Observer<Value>(downstream.send), feeding: downstream)
    }

    /// Subscribes `upstream` as the whole upstream of `downstream`, tied both ways before the
    /// source starts (see ``lift(_:)``); returns the subscription for `start` to return.
    @inlinable
    func subscribe<NewValue>(_ upstream: Observer<Value>, feeding downstream: Observer<NewValue>) -> any Disposable {
        upstream.feed(downstream)
        downstream.attach(upstream)
        return subscribe(upstream)
    }
}
