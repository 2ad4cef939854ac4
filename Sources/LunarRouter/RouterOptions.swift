/// How a ``Router`` reads the URLs it is asked to open.
public struct RouterOptions: Sendable, Hashable {
    /// Turn `+` into a space in route variables, wildcard components and query
    /// values (form encoding). Default `true`. A `%2B` always stays a `+`.
    public var decodePlus: Bool
    /// Always treat a URL's host as the first path component, even when it
    /// contains a `.` or is `localhost`. Default `false`.
    public var hostAsPath: Bool

    /// Creates options; the defaults match JLRoutes' defaults.
    public init(decodePlus: Bool = true, hostAsPath: Bool = false) {
        self.decodePlus = decodePlus
        self.hostAsPath = hostAsPath
    }
}
