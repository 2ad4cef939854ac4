extension Signal where Value: Sendable {
    /// This signal as an `AsyncThrowingStream`: subscribes now (call it on the signal's executor)
    /// and yields each value; completion finishes the stream, an error makes it throw.
    ///
    /// The stream may be consumed from any task. When the consumer stops (the stream is
    /// cancelled or dropped) the subscription is disposed at the next event, on the executor,
    /// because the subscription cannot be touched from the consumer's thread.
    public func values(
        bufferingPolicy: AsyncThrowingStream<Value, any Error>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncThrowingStream<Value, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: Value.self,
            throwing: (any Error).self,
            bufferingPolicy: bufferingPolicy
        )
        var subscription: (any Disposable)?
        var consumerLeft = false
        subscription = subscribe { event in
            switch event {
            case .next(let value):
                if case .terminated = continuation.yield(value) {
                    consumerLeft = true
                    subscription?.dispose()
                }
            case .failed(let error):
                continuation.finish(throwing: error)
            case .completed:
                continuation.finish()
            }
        }
        if consumerLeft { subscription?.dispose() }
        return stream
    }
}
