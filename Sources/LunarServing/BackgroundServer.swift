import Foundation
import NIOCore

/// What Lunar's HTTP servers (the dev server, the web renderer's server, the update server and
/// the spec runner's mock API server) share: the URL a bound channel listens at, and starting in
/// a background task that returns once the socket listens (or throws why it could not).
public enum BackgroundServer {
    /// `http://HOST:PORT/` for a server bound to `host` on `channel` (an IPv6 host in brackets),
    /// with `query` after a `?` when given.
    public static func url(host: String, channel: any Channel, query: String? = nil) -> URL {
        let port = channel.localAddress?.port ?? 0
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return URL(string: "http://\(shownHost):\(port)/" + (query.map { "?" + $0 } ?? ""))!
    }

    /// Runs `serve` in a background task and returns once it calls `onListening`: the URL it
    /// listens at and the task (cancel it to stop the server). Throws the error `serve` ended
    /// with before listening (an address in use), or `stoppedEarly()` when it returned first.
    public static func start(
        _ serve: @escaping @Sendable (_ onListening: @escaping @Sendable (URL) async -> Void) async throws -> Void,
        stoppedEarly: @escaping @Sendable () -> any Error
    ) async throws -> (url: URL, task: Task<Void, Never>) {
        let listening = ListeningSignal()
        let task = Task {
            do {
                try await serve { url in listening.resolve(.success(url)) }
                listening.resolve(.failure(stoppedEarly()))
            } catch {
                listening.resolve(.failure(error))
            }
        }
        do {
            return (try await listening.value(), task)
        } catch {
            task.cancel()
            throw error
        }
    }
}
