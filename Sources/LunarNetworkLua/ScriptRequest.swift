import Foundation
import LunarBridge
import LunarNetwork

/// A `lunar.net` request read from its Lua table: the Swift `Request` the client sends, plus the
/// steps that run in Lua once the body is back (validation, reformers) and the request's own
/// accessories.
///
/// Read afresh each time the request is sent, so a script may change a request's fields between
/// sends. Confined to the state's executor (it holds Lua functions).
struct ScriptRequest {
    /// How a response is checked before the reformers run.
    enum Validation {
        /// The decoded body must have this shape.
        case shape(JSONShape)
        /// `fn(value, info)` must return a true value (else its second result is the message).
        case function(LuaFunction)
    }

    var request: Request
    var validation: Validation?
    var reformers: [LuaFunction]
    /// Hook tables of the request's own accessories (`{willStart=, willStop=, didStop=}`).
    var accessories: [LuaAccessoryHooks]

    /// The fields a request table may have.
    static let fields: Set<String> = [
        "method", "path", "url", "baseURL", "cdn", "query", "body", "encoding", "headers", "auth", "timeout",
        "maxBodySize", "cache", "cacheVersion", "ignoreCache", "validate", "reformer", "accessories",
    ]

    /// Reads the request object at the top of `stack` (not popped); a problem names the field,
    /// e.g. `field 'method': unknown method 'FETCH'`. A table body is encoded there, by
    /// `lunar.json`'s encoder (so `json.null` and `json.array()` mean what they mean to `json.encode`).
    static func read(from stack: LuaStack) throws(LuaTypeMismatch) -> ScriptRequest {
        guard case .table(let table) = try LuaValue.read(from: stack, at: -1) else {
            throw LuaTypeMismatch(problem: "table expected, got \(stack.typeName(at: -1))")
        }
        return try ScriptRequest(lua: table) { () throws(LuaTypeMismatch) -> Data in
            guard stack.reserve(2) else { throw LuaTypeMismatch(problem: "field 'body': stack overflow") }
            return try LuaTableView.read(from: stack, at: -1).withField("body") { body throws(LuaTypeMismatch) in
                do throws(LuaJSONError) { return try stack.encodeJSON(at: body) } catch {
                    throw LuaTypeMismatch(problem: "field 'body': \(error.message)")
                }
            }
        }
    }

    /// Reads a request table whose table body, if any, `encodeBody` encodes as JSON.
    private init(lua table: LuaTable, encodeBody: () throws(LuaTypeMismatch) -> Data) throws(LuaTypeMismatch) {
        for key in table.fields.keys {
            guard case .string(let name) = key, Self.fields.contains(name) else {
                throw LuaTypeMismatch(problem: "unknown field '\(key)' in a request")
            }
        }
        guard table.array.isEmpty else { throw LuaTypeMismatch(problem: "a request table has named fields only") }

        let method = try Self.method(table["method"])
        request = Request(method, try Self.target(path: table["path"], url: table["url"]))
        if let base = try Self.string(table["baseURL"], "baseURL") {
            request.baseURL = try Self.url(base, field: "baseURL")
        }
        request.usesCDN = try Self.boolean(table["cdn"], "cdn") ?? false
        if case .table(let query) = table["query"] {
            request.query = try Self.field("query") { () throws(LuaTypeMismatch) in try Parameters(lua: query) }
        } else if !table["query"].isNil {
            throw LuaTypeMismatch(problem: "field 'query': table expected, got \(table["query"].typeName)")
        }
        request.headers = try Self.headers(table["headers"])
        request.body = try Self.body(table["body"], encoding: try Self.string(table["encoding"], "encoding"),
                                     contentType: request.headers.first { $0.key.lowercased() == "content-type" }?.value,
                                     encodeJSON: encodeBody)
        if case .table(let auth) = table["auth"] {
            guard let user = auth["user"].stringValue, let password = auth["password"].stringValue else {
                throw LuaTypeMismatch(problem: "field 'auth': {user = string, password = string} expected")
            }
            request.credentials = BasicCredentials(user: user, password: password)
        } else if !table["auth"].isNil {
            throw LuaTypeMismatch(problem: "field 'auth': table expected, got \(table["auth"].typeName)")
        }
        request.timeout = try Self.seconds(table["timeout"], "timeout")
        request.maximumBodySize = try Self.byteCount(table["maxBodySize"], "maxBodySize")
        if let lifetime = try LuaNumberRange.seconds.check(table["cache"], "field 'cache'") {
            let version = try Self.integer(table["cacheVersion"], "cacheVersion") ?? 0
            let ignores = try Self.boolean(table["ignoreCache"], "ignoreCache") ?? false
            request.cache = CachePolicy(lifetime: lifetime, version: version, ignoresCachedResponse: ignores)
        } else if !table["cacheVersion"].isNil || !table["ignoreCache"].isNil {
            throw LuaTypeMismatch(problem: "fields 'cacheVersion' and 'ignoreCache' need 'cache' (seconds)")
        }
        validation = try Self.validation(table["validate"])
        reformers = try Self.functions(table["reformer"], "reformer")
        accessories = try Self.accessories(table["accessories"])
    }

    // MARK: Fields

    private static func field<T>(_ name: String, _ read: () throws(LuaTypeMismatch) -> T) throws(LuaTypeMismatch) -> T {
        do { return try read() } catch { throw LuaTypeMismatch(problem: "field '\(name)': \(error.problem)") }
    }

    private static func method(_ value: LuaValue) throws(LuaTypeMismatch) -> HTTPMethod {
        guard let name = try string(value, "method") else { return .get }
        guard let method = HTTPMethod(rawValue: name.uppercased()) else {
            throw LuaTypeMismatch(problem: "field 'method': unknown method '\(name)' (GET, POST, PUT, DELETE, PATCH, HEAD)")
        }
        return method
    }

    private static func target(path: LuaValue, url: LuaValue) throws(LuaTypeMismatch) -> Request.Target {
        switch (try string(path, "path"), try string(url, "url")) {
        case (let path?, nil): return .path(path)
        case (nil, let url?): return .url(try self.url(url, field: "url"))
        case (nil, nil): throw LuaTypeMismatch(problem: "a request needs a 'path' or a 'url'")
        case (_?, _?): throw LuaTypeMismatch(problem: "a request has a 'path' or a 'url', not both")
        }
    }

    private static func url(_ text: String, field: String) throws(LuaTypeMismatch) -> URL {
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw LuaTypeMismatch(problem: "field '\(field)': '\(text)' is not an absolute URL")
        }
        return url
    }

    private static func headers(_ value: LuaValue) throws(LuaTypeMismatch) -> [String: String] {
        switch value {
        case .nil: return [:]
        case .table(let table):
            var headers: [String: String] = [:]
            for (key, header) in table.fields {
                guard case .string(let name) = key else {
                    throw LuaTypeMismatch(problem: "field 'headers': names must be strings, got a \(key.typeName)")
                }
                headers[name] = try field("headers") { () throws(LuaTypeMismatch) in
                    try Parameters.header(header, name: name)
                }
            }
            guard table.array.isEmpty else {
                throw LuaTypeMismatch(problem: "field 'headers': a table of name = value pairs expected")
            }
            return headers
        default:
            throw LuaTypeMismatch(problem: "field 'headers': table expected, got \(value.typeName)")
        }
    }

    private static func body(_ value: LuaValue, encoding: String?, contentType: String?,
                             encodeJSON: () throws(LuaTypeMismatch) -> Data) throws(LuaTypeMismatch) -> RequestBody? {
        guard encoding == nil || encoding == "json" || encoding == "form" else {
            throw LuaTypeMismatch(problem: "field 'encoding': \"json\" or \"form\" expected, got \"\(encoding!)\"")
        }
        switch value {
        case .nil:
            return nil
        case .string(let text):
            let type = contentType ?? (encoding == "json" ? "application/json"
                : encoding == "form" ? "application/x-www-form-urlencoded" : "text/plain; charset=utf-8")
            return .raw(Data(text.utf8), contentType: type)
        case .bytes(let bytes):
            return .raw(Data(bytes), contentType: contentType ?? "application/octet-stream")
        case .table(let table) where encoding == "form":
            return .form(try field("body") { () throws(LuaTypeMismatch) in try Parameters(lua: table) })
        case .table, .reference:
            return .raw(try encodeJSON(), contentType: contentType ?? "application/json")
        default:
            throw LuaTypeMismatch(problem: "field 'body': table or string expected, got \(value.typeName)")
        }
    }

    private static func validation(_ value: LuaValue) throws(LuaTypeMismatch) -> Validation? {
        switch value {
        case .nil: return nil
        case .function(let function): return .function(function)
        default: return .shape(try field("validate") { () throws(LuaTypeMismatch) in try JSONShape(lua: value) })
        }
    }

    private static func functions(_ value: LuaValue, _ name: String) throws(LuaTypeMismatch) -> [LuaFunction] {
        switch value {
        case .nil: return []
        case .function(let function): return [function]
        case .table(let list) where list.fields.isEmpty:
            return try list.array.enumerated().map { (offset, element) throws(LuaTypeMismatch) -> LuaFunction in
                guard case .function(let function) = element else {
                    throw LuaTypeMismatch(problem: "field '\(name)': element \(offset + 1) is a \(element.typeName), not a function")
                }
                return function
            }
        default:
            throw LuaTypeMismatch(problem: "field '\(name)': function or list of functions expected, got \(value.typeName)")
        }
    }

    private static func accessories(_ value: LuaValue) throws(LuaTypeMismatch) -> [LuaAccessoryHooks] {
        switch value {
        case .nil: return []
        case .table(let list) where list.fields.isEmpty:
            return try list.array.enumerated().map { (offset, element) throws(LuaTypeMismatch) -> LuaAccessoryHooks in
                guard case .table(let hooks) = element else {
                    throw LuaTypeMismatch(problem: "field 'accessories': element \(offset + 1) is a \(element.typeName), not a table of hooks")
                }
                return try field("accessories") { () throws(LuaTypeMismatch) in try LuaAccessoryHooks(lua: hooks) }
            }
        default:
            throw LuaTypeMismatch(problem: "field 'accessories': list of {willStart=, willStop=, didStop=} tables expected, got \(value.typeName)")
        }
    }

    // MARK: Scalars

    static func string(_ value: LuaValue, _ name: String) throws(LuaTypeMismatch) -> String? {
        switch value {
        case .nil: return nil
        case .string(let text): return text
        default: throw LuaTypeMismatch(problem: "field '\(name)': string expected, got \(value.typeName)")
        }
    }

    static func number(_ value: LuaValue, _ name: String) throws(LuaTypeMismatch) -> Double? {
        if value.isNil { return nil }
        guard let number = value.doubleValue, number.isFinite else {
            throw LuaTypeMismatch(problem: "field '\(name)': number expected, got \(value.typeName)")
        }
        return number
    }

    /// A timeout field: above 0 and at most a year (``LuaNumberRange/positiveSeconds``); nil when absent.
    static func seconds(_ value: LuaValue, _ name: String) throws(LuaTypeMismatch) -> Double? {
        try LuaNumberRange.positiveSeconds.check(value, "field '\(name)'")
    }

    /// A size cap in bytes: a whole number from 1 to `Int32.max` (``LuaNumberRange/positiveCount``); nil when absent.
    static func byteCount(_ value: LuaValue, _ name: String) throws(LuaTypeMismatch) -> Int? {
        try LuaNumberRange.positiveCount.check(value, "field '\(name)'").map { Int($0) }
    }

    static func integer(_ value: LuaValue, _ name: String) throws(LuaTypeMismatch) -> Int? {
        if value.isNil { return nil }
        guard let integer = value.intValue else {
            throw LuaTypeMismatch(problem: "field '\(name)': integer expected, got \(value.typeName == "number" ? "\(value)" : value.typeName)")
        }
        return integer
    }

    static func boolean(_ value: LuaValue, _ name: String) throws(LuaTypeMismatch) -> Bool? {
        if value.isNil { return nil }
        guard let flag = value.boolValue else {
            throw LuaTypeMismatch(problem: "field '\(name)': boolean expected, got \(value.typeName)")
        }
        return flag
    }
}
