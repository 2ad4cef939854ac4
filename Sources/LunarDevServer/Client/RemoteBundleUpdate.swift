/// What following a dev server reports (see ``RemoteBundle/updates(retryDelay:)``).
public enum RemoteBundleUpdate: Sendable, Hashable {
    /// The cache matches the server: first after connecting, then after each
    /// reconnection. Lists the paths that were written or deleted.
    case synchronized(changed: [String])
    /// Files changed on the server and are now downloaded (or deleted).
    case changed([String])
    /// The feed dropped (the message says why); it reconnects after a delay.
    case disconnected(String)
}
