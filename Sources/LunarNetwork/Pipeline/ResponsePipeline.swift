import Foundation
import LunarJSON

/// Turns a transport's answer into a request's result, in one order for every request: status
/// check, then (unless the decoding is `.raw`) decoding, the request's validation and the
/// reformers (global, kind, request), each a ``ResponseStage``. Runs on the client's executor.
struct ResponsePipeline {
    let request: Request
    /// Global, kind and request reformers, in that order.
    let reformers: [any ResponseStage]

    /// The reason a refusal gives in its body, when it is one short line of plain text (the mock
    /// API's "no mock for GET /x: add mock-api/GET/x.json or .lua"): it goes into the error's
    /// message. Longer or other bodies stay in the error's `body` only.
    static func reason(in answer: TransportResponse) -> String? {
        guard answer.headers["content-type"]?.lowercased().hasPrefix("text/plain") == true,
              answer.body.count <= maxReasonBytes,
              let text = String(validating: answer.body, as: UTF8.self)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return text
    }

    /// The longest body read as a refusal's reason.
    static let maxReasonBytes = 300

    func run(_ answer: TransportResponse, isFromCache: Bool) -> Result<Response, NetworkError> {
        func failure(_ kind: NetworkError.Kind, _ message: String) -> Result<Response, NetworkError> {
            .failure(NetworkError(kind: kind, message: message, status: answer.status, body: answer.body, url: answer.url))
        }
        guard request.acceptedStatus.contains(answer.status) else {
            return failure(.http, "the server answered \(answer.status)" + (Self.reason(in: answer).map { ": " + $0 } ?? ""))
        }
        var response = Response(
            status: answer.status, headers: answer.headers, body: answer.body, url: answer.url, isFromCache: isFromCache)
        let context = ReformContext(
            kind: request.kind, url: answer.url, status: answer.status, headers: response.headers, isFromCache: isFromCache)

        var value: ResponseValue
        switch request.decoding {
        case .raw:
            return .success(response)
        case .json where answer.body.isEmpty:
            value = .json(.null)  // HEAD, 204 and friends carry no document
        case .json:
            do { value = .json(try JSONValue(parsing: answer.body)) } catch {
                return failure(.decode, "the body is not JSON: \(error)")
            }
        case .adapted(let decoder):
            do { value = try decoder.decode(answer.body, context: context) } catch {
                return failure(.decode, "the body is not JSON: \(error)")
            }
        }

        let stages = (request.validation.map { [$0] } ?? []) + reformers
        var reformerNumber = 0
        for stage in stages {
            if stage.failureKind == .reform { reformerNumber += 1 }
            do {
                value = try stage.run(value, context: context)
            } catch let error as NetworkError {
                return .failure(error)
            } catch let error as ResponseStageFailure {
                return failure(stage.failureKind, error.message)
            } catch {
                let name = stage.failureKind == .reform ? "reformer \(reformerNumber)" : "validation"
                return failure(stage.failureKind, "\(name) (\(type(of: stage))) failed: \(error)")
            }
        }
        switch value {
        case .json(let json): response.value = json
        case .adapted(let adapted): response.adaptedValue = adapted
        }
        return .success(response)
    }
}
