extension NetworkClient {
    /// Sends `request` and returns its response, or throws its error.
    ///
    /// Call it from the client's executor; it runs there (`nonisolated(nonsending)`) and resumes there.
    /// Cancelling the calling Swift task cancels the request, which then throws `.cancelled`.
    nonisolated(nonsending)
    public func response(for request: Request) async throws(NetworkError) -> Response {
        let handle = CancellationRelay()
        let bound = ExecutorBound(handle)
        let scheduler = self.scheduler
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Response, NetworkError>, Never>) in
                handle.task = send(request) { continuation.resume(returning: $0) }
                if handle.cancelled { handle.task?.cancel() }
            }
        } onCancel: {
            // Runs on whatever thread cancelled the Swift task: hop back before touching the request.
            scheduler.schedule { bound.value.cancel() }
        }
        return try result.get()
    }

    /// Sends `requests` as a batch (see ``sendBatch(_:completion:)``) and returns their responses in order.
    nonisolated(nonsending)
    public func responses(for requests: [Request]) async throws(NetworkError) -> [Response] {
        let handle = CancellationRelay()
        let bound = ExecutorBound(handle)
        let scheduler = self.scheduler
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<[Response], NetworkError>, Never>) in
                let batch = sendBatch(requests) { continuation.resume(returning: $0) }
                handle.cancelAction = { batch.cancel() }
                if handle.cancelled { batch.cancel() }
            }
        } onCancel: {
            scheduler.schedule { bound.value.cancel() }
        }
        return try result.get()
    }
}

/// Carries a Swift task's cancellation, which may arrive before the request exists, to the request.
private final class CancellationRelay {
    var task: RequestTask?
    var cancelAction: (() -> Void)?
    var cancelled = false

    func cancel() {
        cancelled = true
        task?.cancel()
        cancelAction?()
    }
}
