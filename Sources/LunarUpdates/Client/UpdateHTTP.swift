import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LunarBase
import LunarNetwork

/// One HTTP exchange with the update server over a ``HTTPTransport`` (LunarNetwork's
/// `URLSessionTransport` unless a host passes its own), awaited.
struct UpdateHTTP: Sendable {
    let transport: any HTTPTransport
    /// Seconds before a request without an answer fails.
    let timeout: Double

    /// Sends one request and returns the answer whatever its status; throws only when there is
    /// no answer (offline, timeout, a body over `limit`, a connection that broke).
    func send(
        _ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil, limit: Int = 1 << 20,
        progress: (@Sendable (DownloadProgress) -> Void)? = nil
    ) async throws(UpdateError) -> TransportResponse {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let transportRequest = TransportRequest(urlRequest: request, maximumBodySize: limit, priority: .normal)
        let transport = self.transport
        let outcome: Result<TransportResponse, NetworkError> = await withCheckedContinuation { continuation in
            _ = transport.start(transportRequest) { event in
                switch event {
                case .progress(let value): progress?(value)
                case .completed(let result): continuation.resume(returning: result)
                }
            }
        }
        switch outcome {
        case .success(let response): return response
        case .failure(let error):
            throw UpdateError("\(method) \(url.absoluteString): \(error.kind == .offline ? "the update server cannot be reached" : error.message)")
        }
    }

    /// Decodes a 2xx JSON answer, or throws the server's `{"error": ...}` (or a description of
    /// the garbage it sent).
    static func decode<T: Decodable>(_ type: T.Type, from response: TransportResponse, what: String) throws(UpdateError) -> T {
        guard (200..<300).contains(response.status) else { throw failure(response, what: what) }
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw UpdateError("\(what): the update server's answer is not the expected JSON (\(response.body.count) bytes)")
        }
    }

    /// An answer that is not a success, as an error naming the status and the server's reason.
    static func failure(_ response: TransportResponse, what: String) -> UpdateError {
        let reason = (try? JSONDecoder().decode(ErrorAnswer.self, from: response.body).error)
            ?? String(decoding: response.body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // The server's words, on one line: they end up in log lines and on a terminal.
        let shown = LogText.escaped(reason, limit: 1000, backslashes: false)
        return UpdateError("\(what): the update server answered \(response.status)\(shown.isEmpty ? "" : ": \(shown)")", status: response.status)
    }
}
