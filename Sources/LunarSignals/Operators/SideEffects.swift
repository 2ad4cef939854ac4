extension Signal {
    /// Runs `action` for each value before passing it on; a throw fails the result.
    public func doNext(_ action: @escaping (Value) throws -> Void) -> Signal<Value> {
        doEvent { event in
            if case .next(let value) = event { try action(value) }
        }
    }

    /// Runs `action` with the error before passing it on; a throw replaces the error.
    public func doError(_ action: @escaping (any Error) throws -> Void) -> Signal<Value> {
        doEvent { event in
            if case .failed(let error) = event { try action(error) }
        }
    }

    /// Runs `action` before passing the completion on; a throw turns it into that error.
    public func doCompleted(_ action: @escaping () throws -> Void) -> Signal<Value> {
        doEvent { event in
            if case .completed = event { try action() }
        }
    }

    private func doEvent(_ action: @escaping (Event<Value>) throws -> Void) -> Signal<Value> {
        lift { downstream in
            { event in
                do { try action(event) } catch { return downstream.sendError(error) }
                downstream.send(event)
            }
        }
    }
}
