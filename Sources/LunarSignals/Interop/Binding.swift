extension Signal {
    /// Sets `target[keyPath: keyPath]` to each value (the `RAC(obj, key) = signal` idiom).
    ///
    /// The target is held weakly: once it is gone, the binding ends at the next value. The
    /// binding also ends when the signal completes or fails (an error is not reported; chain
    /// `doError` first to see it) or when the returned disposable is disposed.
    @discardableResult
    public func bind<Target: AnyObject>(
        to target: Target,
        _ keyPath: ReferenceWritableKeyPath<Target, Value>
    ) -> any Disposable {
        let binding = Observer<Value> { [weak target] event in
            guard case .next(let value) = event else { return }
            target?[keyPath: keyPath] = value
        }
        return lift { (downstream: Observer<Value>) in
            { [weak target] event in
                if target == nil { return downstream.dispose() }
                downstream.send(event)
            }
        }.subscribe(binding)
    }

    /// Hands each value to `setter` until the signal ends (the form a script adapter uses to
    /// bind to a key of a script object). Ends like `bind(to:_:)`; `setter` is released then.
    @discardableResult
    public func bind(_ setter: @escaping (Value) -> Void) -> any Disposable {
        subscribe(next: setter)
    }
}
