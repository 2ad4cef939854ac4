/// The inspector behind a server's `/devtools` page (LunarDevtools gives one): the server
/// serves the page and, for each inspector page that connects to `/lunar/devtools/ws` (with
/// the same checks as an app tab's WebSocket, ``WebAccess``), asks it for a connection and
/// relays that page's messages to it. The server knows nothing of what the messages say.
public protocol WebInspector: Sendable {
    /// An inspector page connected; what the connection sends goes to `outbox`.
    func connect(outbox: WebOutbox) async -> any WebInspectorConnection
}

/// One inspector page's connection, from its upgrade until it closes. The server calls it from
/// the connection's task, one message at a time in arrival order.
public protocol WebInspectorConnection: AnyObject, Sendable {
    /// Handles one text message from the page; returns why it was refused, or nil.
    func receive(_ text: String) async -> String?

    /// The page went (or the server stops): remove every hook this connection installed.
    func close() async
}
