import Foundation
import LunarNetwork

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

    /// Why these headers cannot be sent, or nil. The server frames the body itself, so a
    /// `Content-Length` that is not the body's length (a client would wait for bytes that never
    /// come) and any `Transfer-Encoding` are refused, as are names and values that break the
    /// header rules (`HeaderRules`: a name is a token; a value has no CR, LF or NUL).
    func headerProblem() -> String? {
        for field in headers {
            if let problem = HeaderRules.problem(name: field.name, value: field.value) { return problem }
            switch field.name.lowercased() {
            case "content-length" where field.value.trimmingCharacters(in: .whitespaces) != String(body.count):
                return "header '\(field.name)' says \(field.value) but the body has \(body.count) bytes (leave it out: the server sets it)"
            case "transfer-encoding":
                return "header '\(field.name)' is refused (leave it out: the server frames the body)"
            default:
                continue
            }
        }
        return nil
    }

    /// A plain-text answer (errors: the text says what went wrong, with file:line for scripts).
    static func text(_ status: Int, _ text: String) -> MockResponse {
        MockResponse(status: status, headers: [HeaderField("content-type", "text/plain; charset=utf-8")], body: Array(text.utf8))
    }
}
