import Foundation
import LunarJSON
import LunarBridge
import LunarNetwork
import LunarRuntime

/// The Network panel's source: a global ``RequestAccessory`` that reports every request of the
/// runtime's client as it starts and as it ends (answered, answered from the cache, failed,
/// cancelled), as `net` messages. Runs on the client's executor, the runtime's.
final class NetworkRecorder: RequestAccessory {
    private let report: (String) -> Void
    private var started: [Int: Date] = [:]
    private let clock: () -> Date
    private let defaultHeaders: () -> [String: String]
    private let copy: (LuaValue) -> LuaValue

    /// A recorder that hands each message to `report`; `clock` stamps start and end;
    /// `defaultHeaders` are the client's own (`net.config{headers=}`), under each request's.
    /// `copy` turns a reformed value held by reference into one that can be shown.
    init(clock: @escaping () -> Date = Date.init, defaultHeaders: @escaping () -> [String: String] = { [:] },
         copy: @escaping (LuaValue) -> LuaValue = { $0 }, report: @escaping (String) -> Void) {
        self.clock = clock
        self.defaultHeaders = defaultHeaders
        self.copy = copy
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
            if let value = ScriptNetwork.reformedValue(of: response) {
                entry["value"] = Self.literal(copy(value))
            } else if let value = response.value {
                entry["value"] = Self.json(value)
            }
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

    /// A Lua value as a Lua literal, indented: `{ token = "abc", items = { 1, 2 } }`.
    static func literal(_ value: LuaValue, indent: String = "") -> String {
        switch value {
        case .string(let text): return JSONValue.quoted(text)
        case .table(let table):
            let inner = indent + "  "
            var items = table.array.map { inner + literal($0, indent: inner) }
            for key in table.fields.keys.sorted() {
                let name: String
                if case .string(let text) = key, text.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil {
                    name = text
                } else if case .string(let text) = key {
                    name = "[" + JSONValue.quoted(text) + "]"
                } else {
                    name = "[\(key)]"
                }
                items.append(inner + name + " = " + literal(table.fields[key] ?? .nil, indent: inner))
            }
            return items.isEmpty ? "{}" : "{\n" + items.joined(separator: ",\n") + "\n" + indent + "}"
        default: return value.description
        }
    }

    static func json(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }
}
