import Foundation
import Synchronization

/// A one-shot result that one task waits for and another resolves (first resolution wins).
final class ListeningSignal: Sendable {
    private enum State {
        case waiting(CheckedContinuation<URL, any Error>?)
        case resolved(Result<URL, any Error>)
    }

    private let state = Mutex<State>(.waiting(nil))

    func resolve(_ result: Result<URL, any Error>) {
        let waiter: CheckedContinuation<URL, any Error>? = state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            state = .resolved(result)
            return continuation
        }
        waiter?.resume(with: result)
    }

    func value() async throws -> URL {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<URL, any Error>? = state.withLock { state in
                switch state {
                case .resolved(let result): return result
                case .waiting: state = .waiting(continuation); return nil
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
