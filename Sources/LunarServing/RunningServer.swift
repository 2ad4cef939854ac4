import Foundation

/// A server started in the background (``BackgroundServer/start(_:stoppedEarly:)``): where it
/// listens, and stopping it. The dev server's and the mock API server's `start()` return one.
public final class RunningServer: Sendable {
    /// The server's base URL, e.g. `http://127.0.0.1:8081/`.
    public let url: URL
    private let task: Task<Void, Never>

    /// The server at `url`, served by `task` (cancelling it stops the server).
    public init(url: URL, task: Task<Void, Never>) {
        self.url = url
        self.task = task
    }

    /// Stops listening, ends open connections and returns once the server is down.
    public func stop() async {
        task.cancel()
        await task.value
    }
}
