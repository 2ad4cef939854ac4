import struct Foundation.Data

/// A user name and password sent as an HTTP Basic `Authorization` header.
public struct BasicCredentials: Sendable, Hashable {
    /// The user name.
    public var user: String
    /// The password.
    public var password: String

    /// Creates credentials.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The header value, `Basic <base64(user:password)>`.
    public var headerValue: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}
