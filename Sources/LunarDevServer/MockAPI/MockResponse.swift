/// The mock API's answer.
public struct MockResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields, in order.
    public var headers: [HeaderField]
    /// The body bytes.
    public var body: [UInt8]

    public init(status: Int, headers: [HeaderField] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A plain-text answer (errors: the text says what went wrong, with file:line for scripts).
    static func text(_ status: Int, _ text: String) -> MockResponse {
        MockResponse(status: status, headers: [HeaderField("content-type", "text/plain; charset=utf-8")], body: Array(text.utf8))
    }
}
