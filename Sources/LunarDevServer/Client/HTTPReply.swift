import LunarMockAPI

/// A complete HTTP response read by ``DevServerClient``.
public struct HTTPReply: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields, in order.
    public var headers: [HeaderField]
    /// The body bytes.
    public var body: [UInt8]

    public init(status: Int, headers: [HeaderField], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }
}
