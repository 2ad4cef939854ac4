import Foundation
import HTTPTypes
import Hummingbird
import LunarServing
import NIOCore

extension MockAPI {
    /// Request bodies the mock API accepts.
    package static let maximumBodySize = 16 << 20

    /// Answers a Hummingbird request whose path below the mock API's mount point is `path`
    /// (`/items/3` for `/api/items/3`; empty for the mount point itself): what the dev server and
    /// ``MockAPIServer`` both serve under `/api`. A 404 when the bundle has no `mock-api/`.
    package func respond(to request: Request, path: String) async throws -> Response {
        guard hasDirectory else {
            return .plainText(.notFound, "this bundle has no mock-api/ directory")
        }
        var request = request
        let body = try await request.collectBody(upTo: Self.maximumBodySize)
        let mockRequest = MockRequest(
            method: request.method.rawValue,
            path: path.isEmpty ? "/" : path,
            query: request.uri.query,
            headers: request.headers.map { HeaderField($0.name.canonicalName, $0.value) },
            body: Array(buffer: body))
        let answer = await respond(to: mockRequest)
        var headers = HTTPFields()
        for field in answer.headers {
            if let name = HTTPField.Name(field.name) { headers.append(HTTPField(name: name, value: field.value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: answer.status),
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    /// Whether `mock-api/` exists (it may appear or go while a server runs).
    package var hasDirectory: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
