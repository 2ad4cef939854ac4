import LunarSignals

extension NetworkClient {
    /// A cold signal for `request`: each subscription sends the request anew, then sends the response
    /// and completes, or fails with the `NetworkError`. Disposing the subscription cancels the request
    /// (its `.cancelled` outcome is then not sent). Events arrive on the client's executor.
    public func signal(for request: Request) -> Signal<Response> {
        Signal { [self] observer in
            let task = send(request) { result in
                switch result {
                case .success(let response):
                    observer.sendNext(response)
                    observer.sendCompleted()
                case .failure(let error):
                    observer.sendError(error)
                }
            }
            return ActionDisposable { task.cancel() }
        }
    }

    /// A command whose every execution sends the request `makeRequest` builds from the input
    /// (the `loginCommand` idiom). `values` carries responses and `errors` the `NetworkError`s;
    /// a throw from `makeRequest` fails that execution without sending anything.
    /// Not concurrent unless asked: executing while a request is in flight is refused.
    public func command<Input>(
        enabled: Signal<Bool>? = nil,
        allowsConcurrentExecution: Bool = false,
        _ makeRequest: @escaping (Input) throws -> Request
    ) -> Command<Input, Response> {
        Command(enabled: enabled, allowsConcurrentExecution: allowsConcurrentExecution) { [self] input in
            signal(for: try makeRequest(input))
        }
    }
}
