extension Signal {
    /// On error, switches to the signal `handler` returns for that error (ReactiveObjC's
    /// `catch:`). Values and completion pass through; a throw from `handler` fails the result
    /// with the thrown error.
    public func `catch`(_ handler: @escaping (any Error) throws -> Signal<Value>) -> Signal<Value> {
        Signal { downstream in
            let current = SerialDisposable()
            downstream.attach(current)
            let upstream = Observer<Value> { event in
                guard case .failed(let error) = event else { return downstream.send(event) }
                let replacement: Signal<Value>
                do { replacement = try handler(error) } catch { return downstream.sendError(error) }
                let observer = Observer<Value>(downstream.send)
                current.inner = observer
                replacement.subscribe(observer)
            }
            current.inner = upstream
            self.subscribe(upstream)
            return current
        }
    }

    /// On error, subscribes to this signal again, up to `count` more times; the error after the
    /// last retry is forwarded. Values from failed attempts have already been sent.
    public func retry(_ count: Int) -> Signal<Value> {
        Signal { downstream in
            let current = SerialDisposable()
            downstream.attach(current)
            var remaining = count
            func attempt() {
                let observer = Observer<Value> { event in
                    if case .failed = event, remaining > 0 {
                        remaining -= 1
                        attempt()
                    } else {
                        downstream.send(event)
                    }
                }
                current.inner = observer
                self.subscribe(observer)
            }
            attempt()
            return current
        }
    }
}
