/// One browser tab's app: what a ``WebServer`` asks its factory for when a tab connects, and
/// holds until the tab closes.
///
/// The server calls it from the tab's connection task, one message at a time in arrival order.
public protocol WebTab: AnyObject, Sendable {
    /// Handles what the page reported; returns why it was refused, or nil.
    func receive(_ message: PageMessage) async -> PageMessageError?

    /// The tab closed (or the server stops): let go of the runtime and everything it holds.
    func close() async

    /// The tab's socket closed, perhaps while ``receive(_:)`` runs a script: stop the tab's
    /// scripts now, so that call returns and ``close()`` follows. Called from any thread, once,
    /// before ``close()``.
    func interrupt()
}

extension WebTab {
    /// Nothing to stop: a tab whose `receive` always returns promptly.
    public func interrupt() {}
}

/// What a ``WebServer`` knows of a tab that connects, for its factory to open the app with.
public struct WebTabRequest: Sendable {
    /// The address the tab shows (`/`, `/items/3`): a deep link for the app to open.
    public var path: String
    /// Where the tab's renderer sends the page's messages.
    public var outbox: WebOutbox
    /// The tab's number, counting from 1 since the server started: for logs.
    public var number: Int
    /// The local files the tab's page may load; the tab's renderer adds its images' files.
    public var files: WebFiles

    /// A request for tab `number` at `path`.
    public init(path: String, outbox: WebOutbox, number: Int, files: WebFiles) {
        self.path = path
        self.outbox = outbox
        self.number = number
        self.files = files
    }
}
