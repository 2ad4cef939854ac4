import Foundation
import LunarJSON
import LunarBridge
import LunarNetwork
import LunarNetworkLua
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
        entry["id"] = .integer(task.id)
        entry["url"] = .string(task.url?.absoluteString ?? Self.target(of: task.request))
        entry["state"] = "pending"
        report(Self.message(entry))
    }

    func requestWillStop(_ task: RequestTask) {
        var entry = describe(task.request)
        entry["id"] = .integer(task.id)
        entry["url"] = .string(task.url?.absoluteString ?? Self.target(of: task.request))
        if let start = started.removeValue(forKey: task.id) {
            entry["ms"] = .finite((clock().timeIntervalSince(start) * 1000).rounded())
        }
        switch task.result {
        case .success(let response)?:
            entry["state"] = "done"
            entry["status"] = .integer(response.status)
            entry["cache"] = .bool(response.isFromCache)
            entry["responseHeaders"] = .object(response.headers.mapValues(JSONValue.string))
            entry["responseBody"] = .string(Self.preview(of: response.body))
            entry["url"] = .string(response.url.absoluteString)
            if let value = ScriptNetwork.reformedValue(of: response) {
                entry["value"] = .string(Self.literal(copy(value)))
            } else if let value = response.value {
                entry["value"] = .string(Self.json(value))
            }
        case .failure(let error)?:
            entry["state"] = .string(error.kind == .cancelled ? "cancelled" : "failed")
            entry["error"] = .string(error.description)
            if let status = error.status { entry["status"] = .integer(status) }
            if let body = error.body { entry["responseBody"] = .string(Self.preview(of: body)) }
        case nil:
            entry["state"] = "pending"
        }
        report(Self.message(entry))
    }

    private static func message(_ entry: [String: JSONValue]) -> String {
        let message: DevtoolsMessage = ["t": "net", "entry": .object(entry)]
        return message.messageText
    }

    /// Method, request headers and body of a request as sent.
    func describe(_ request: Request) -> [String: JSONValue] {
        let headers = defaultHeaders().merging(request.headers) { _, own in own }
        var entry: [String: JSONValue] = ["method": .string(request.method.rawValue), "requestHeaders": .object(headers.mapValues(JSONValue.string))]
        if let kind = request.kind { entry["kind"] = .string(kind) }
        if let body = request.body { entry["requestBody"] = .string(Self.describe(body)) }
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
        case .raw(let data, let type): "\(type): " + preview(of: data)
        }
    }

    /// A Lua value as a Lua literal, indented: `{ token = "abc", items = { 1, 2 } }`.
    static func literal(_ value: LuaValue, indent: String = "") -> String {
        switch value {
        case .string(let text): return JSONWriter.quoted(text)
        case .table(let table):
            let inner = indent + "  "
            var items = table.array.map { inner + literal($0, indent: inner) }
            for key in table.fields.keys.sorted() {
                let name: String
                if case .string(let text) = key, text.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil {
                    name = text
                } else if case .string(let text) = key {
                    name = "[" + JSONWriter.quoted(text) + "]"
                } else {
                    name = "[\(key)]"
                }
                items.append(inner + name + " = " + literal(table.fields[key] ?? .nil, indent: inner))
            }
            return items.isEmpty ? "{}" : "{\n" + items.joined(separator: ",\n") + "\n" + indent + "}"
        default: return value.description
        }
    }

    /// At most `limit` bytes of `data` as text (UTF-8, damaged bytes replaced), and whether it was cut.
    static func preview(of data: Data, limit: Int = 64 << 10) -> String {
        let shown = data.prefix(limit)
        let text = String(decoding: shown, as: UTF8.self)
        return data.count > limit ? text + "\n… (\(data.count - limit) more bytes)" : text
    }

    /// A JSON value as indented text, keys sorted (a parsed value is always finite; else its description).
    static func json(_ value: JSONValue) -> String {
        (try? value.serializedText(indentation: 2)) ?? "\(value)"
    }
}
