import HTTPTypes
import HummingbirdCore
import NIOCore

extension Response {
    /// A plain-text answer of a server's own (a refusal, a 404; not what a script or a mock
    /// answered): `message` and a newline, as UTF-8 `text/plain`. What the dev server and the
    /// mock API's server answer with.
    public static func plainText(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}
