import Foundation
import LunarJSON
import LunarNetwork

/// The Network panel's source: a global ``RequestAccessory`` that reports every request of the
/// runtime's client as it starts and as it ends (answered, answered from the cache, failed,
/// cancelled), as `net` messages. Runs on the client's executor, the runtime's.
final class NetworkRecorder: RequestAccessory {
    private let report: (String) -> Void
    private var started: [Int: Date] = [:]
    private let clock: () -> Date
    private let defaultHeaders: () -> [String: String]

    /// A recorder that hands each message to `report`; `clock` stamps start and end;
    /// `defaultHeaders` are the client's own (`net.config{headers=}`), under each request's.
    init(clock: @escaping () -> Date = Date.init, defaultHeaders: @escaping () -> [String: String] = { [:] },
         report: @escaping (String) -> Void) {
        self.clock = clock
        self.defaultHeaders = defaultHeaders
        self.report = report
    }

    func requestWillStart(_ task: RequestTask) {
        started[task.id] = clock()
        var entry = describe(task.request)
        entry["id"] = task.id
        entry["url"] = task.url?.absoluteString ?? Self.target(of: task.request)
        entry["state"] = "pending"
        report(DevtoolsJSON.text(["t": "net", "entry": entry]))
    }

    func requestWillStop(_ task: RequestTask) {
        var entry = describe(task.request)
        entry["id"] = task.id
        entry["url"] = task.url?.absoluteString ?? Self.target(of: task.request)
        if let start = started.removeValue(forKey: task.id) {
            entry["ms"] = (clock().timeIntervalSince(start) * 1000).rounded()
        }
        switch task.result {
        case .success(let response)?:
            entry["state"] = "done"
            entry["status"] = response.status
            entry["cache"] = response.isFromCache
            entry["responseHeaders"] = response.headers
            entry["responseBody"] = DevtoolsJSON.text(of: response.body)
            entry["url"] = response.url.absoluteString
            if let value = response.value { entry["value"] = Self.json(value) }
        case .failure(let error)?:
            entry["state"] = error.kind == .cancelled ? "cancelled" : "failed"
            entry["error"] = error.description
            if let status = error.status { entry["status"] = status }
            if let body = error.body { entry["responseBody"] = DevtoolsJSON.text(of: body) }
        case nil:
            entry["state"] = "pending"
        }
        report(DevtoolsJSON.text(["t": "net", "entry": entry]))
    }

    /// Method, request headers and body of a request as sent.
    func describe(_ request: Request) -> [String: Any] {
        let headers = defaultHeaders().merging(request.headers) { _, own in own }
        var entry: [String: Any] = ["method": request.method.rawValue, "requestHeaders": headers]
        if let kind = request.kind { entry["kind"] = kind }
        if let body = request.body { entry["requestBody"] = Self.describe(body) }
        return entry
    }

    static func target(of request: Request) -> String {
        switch request.target {
        case .path(let path): path
        case .url(let url): url.absoluteString
        }
    }

    static func describe(_ body: RequestBody) -> String {
        switch body {
        case .json(let value): json(value)
        case .form(let parameters): parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        case .multipart(let parts): "multipart, \(parts.count) parts: " + parts.map(\.name).joined(separator: ", ")
        case .raw(let data, let type): "\(type): " + DevtoolsJSON.text(of: data)
        }
    }

    static func json(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }
}
