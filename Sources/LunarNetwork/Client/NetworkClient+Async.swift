import LunarBase
import Synchronization

extension NetworkClient {
    /// Sends `request` and returns its response, or throws its error.
    ///
    /// Call it from the client's executor; it runs there (`nonisolated(nonsending)`) and resumes there.
    /// Cancelling the calling Swift task cancels the request, which then throws `.cancelled`.
    nonisolated(nonsending)
    public func response(for request: Request) async throws(NetworkError) -> Response {
        // Started here, on the caller's executor, before any await: closures of the awaiting
        // machinery below may run elsewhere, so they only meet the outcome under its lock.
        let outcome = AwaitedOutcome<Response>()
        let task = ExecutorBound(send(request) { outcome.resolve($0) })
        let scheduler = self.scheduler
        return try await outcome.result {
            // Runs on whatever thread cancelled the Swift task: hop back before touching the request.
            scheduler.schedule { task.value.cancel() }
        }.get()
    }

    /// Sends `requests` as a batch (see ``sendBatch(_:completion:)``) and returns their responses in order.
    nonisolated(nonsending)
    public func responses(for requests: [Request]) async throws(NetworkError) -> [Response] {
        let outcome = AwaitedOutcome<[Response]>()
        let batch = ExecutorBound(sendBatch(requests) { outcome.resolve($0) })
        let scheduler = self.scheduler
        return try await outcome.result {
            scheduler.schedule { batch.value.cancel() }
        }.get()
    }
}

/// The outcome of work started on the client's executor, awaited by a Swift task. The work
/// resolves it on the executor; the awaiting side may store its continuation on another thread,
/// so the two meet under a lock, in either order.
private final class AwaitedOutcome<Value: Sendable>: Sendable {
    private enum State {
        case pending
        case resolved(Result<Value, NetworkError>)
        case awaited(CheckedContinuation<Result<Value, NetworkError>, Never>)
    }

    private let state = Mutex(State.pending)

    func resolve(_ result: Result<Value, NetworkError>) {
        let waiting = state.withLock { state -> CheckedContinuation<Result<Value, NetworkError>, Never>? in
            defer { state = .resolved(result) }
            if case .awaited(let continuation) = state { return continuation }
            return nil
        }
        waiting?.resume(returning: result)
    }

    /// The outcome; `onCancel` runs if the awaiting Swift task is cancelled.
    func result(onCancel: @escaping @Sendable () -> Void) async -> Result<Value, NetworkError> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Result<Value, NetworkError>? in
                    if case .resolved(let result) = state { return result }
                    state = .awaited(continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            onCancel()
        }
    }
}
