import Foundation
import LunarJSON

/// Turns a transport's answer into a request's result: status check, then (for JSON decoding)
/// parse, shape check and reformers. Runs on the client's executor.
struct ResponsePipeline {
    let request: Request
    let reformers: ReformerChain

    func run(_ answer: TransportResponse, isFromCache: Bool) -> Result<Response, NetworkError> {
        guard request.acceptedStatus.contains(answer.status) else {
            return .failure(NetworkError(
                kind: .http, message: "the server answered \(answer.status)",
                status: answer.status, body: answer.body, url: answer.url))
        }
        var response = Response(
            status: answer.status, headers: answer.headers, body: answer.body, url: answer.url, isFromCache: isFromCache)
        guard request.decoding == .json else { return .success(response) }

        let decoded: JSONValue
        if answer.body.isEmpty {
            decoded = .null  // HEAD, 204 and friends carry no document
        } else {
            do {
                decoded = try JSONValue(parsing: answer.body)
            } catch {
                return .failure(NetworkError(
                    kind: .decode, message: "the body is not JSON: \(error)",
                    status: answer.status, body: answer.body, url: answer.url))
            }
        }
        if let shape = request.shape, let mismatch = shape.mismatch(in: decoded) {
            return .failure(NetworkError(
                kind: .validation, message: mismatch, status: answer.status, body: answer.body, url: answer.url))
        }
        let context = ReformContext(
            kind: request.kind, url: answer.url, status: answer.status, headers: response.headers, isFromCache: isFromCache)
        do {
            response.value = try reformers.apply(to: decoded, context: context)
        } catch {
            return .failure(error)
        }
        return .success(response)
    }
}
