import Foundation
import LunarBridge
import LunarJSON
import LunarBundle

/// One Lua handler file of the mock API, loaded into its own sandboxed engine
/// (never the app's state).
///
/// The file's chunk returns `function(request) return {status=, headers=, body=} end`;
/// top-level locals live as long as the file is unchanged, so a handler may
/// keep state between requests. Requests to one handler run one at a time on
/// its engine's executor.
final class LuaMockHandler: Sendable {
    /// The bundle-relative path, as used in chunk names and messages.
    let bundlePath: String
    let stamp: FileStamp?
    private let engine: LuaEngine
    private let function: LuaFunction

    private init(bundlePath: String, stamp: FileStamp?, engine: LuaEngine, function: LuaFunction) {
        self.bundlePath = bundlePath
        self.stamp = stamp
        self.engine = engine
        self.function = function
    }

    /// Limits for handler scripts: a runaway handler fails its request, not the server.
    static let options = LuaStateOptions(memoryLimit: 64 << 20, instructionBudget: 50_000_000)

    /// Compiles and runs the file; fails with the script error (file:line) or a message.
    static func load(_ endpoint: MockEndpoint, moduleRoot: URL) async throws -> LuaMockHandler {
        let stamp = FileStamp(of: endpoint.file)
        // Bytes, as Lua reads a file: a comment or string literal need not be UTF-8.
        let source = try Data(contentsOf: endpoint.file)
        let engine = try LuaEngine(options: options, moduleRoot: moduleRoot)
        let bundlePath = endpoint.bundlePath
        let function = try await engine.withState { state throws -> LuaFunction in
            let chunk = try state.load(source, name: "@" + bundlePath)
            let results = try state.callReturningAll(chunk, [])
            guard case .function(let function)? = results.first else {
                throw MockHandlerFailure("\(bundlePath) must return a function(request), not \(results.first?.typeName ?? "nothing")")
            }
            return function
        }
        return LuaMockHandler(bundlePath: bundlePath, stamp: stamp, engine: engine, function: function)
    }

    /// Runs the handler for a request; a script error is a 500 whose body has file:line.
    func respond(to request: MockRequest, parameters: [String: String]) async -> MockResponse {
        let function = function, bundlePath = bundlePath
        return await engine.withState { state in
            let argument = Self.requestTable(request, parameters: parameters, in: state)
            let results: [LuaValue]
            do throws(LuaScriptError) {
                results = try state.callReturningAll(function, [argument], keepingReferences: true)
            } catch {
                return .text(500, error.report + "\n")
            }
            do {
                return try Self.response(from: results.first ?? .nil, in: state)
            } catch {
                return .text(500, "\(bundlePath): bad response: \(error)\n")
            }
        }
    }

    /// `{method=, path=, query=, headers=, body=, json=, params=}`; header names lower-case; `json`
    /// is the body decoded as `json.decode` does (`null` is `json.null`), when it is JSON.
    static func requestTable(_ request: MockRequest, parameters: [String: String], in state: LuaState) -> LuaValue {
        var table = LuaTable()
        table["method"] = .string(request.method)
        table["path"] = .string(request.path.removingPercentEncoding ?? request.path)
        var query = LuaTable()
        for (name, value) in request.queryItems { query[.string(name)] = .string(value) }
        table["query"] = .table(query)
        var headers = LuaTable()
        for field in request.headers where headers[.string(field.name.lowercased())].isNil {
            headers[.string(field.name.lowercased())] = .string(field.value)
        }
        table["headers"] = .table(headers)
        if let text = String(validating: request.body, as: UTF8.self) {
            table["body"] = .string(text)
        } else {
            table["body"] = .bytes(request.body)
        }
        if !request.body.isEmpty, let json = try? state.decodeJSON(Data(request.body)) {
            table["json"] = json
        }
        var params = LuaTable()
        for (name, value) in parameters { params[.string(name)] = .string(value) }
        table["params"] = .table(params)
        return .table(table)
    }

    /// Reads `{status=, headers=, body=}`: a table body is sent as `json.encode` writes it, a string as is.
    static func response(from value: LuaValue, in state: LuaState) throws -> MockResponse {
        guard case .reference(let reference) = value, reference.typeName == "table" else {
            throw MockHandlerFailure("the handler returned \(value.typeName), not a table {status=, headers=, body=}")
        }
        let stack = state.stack
        _ = stack.reserve(2)
        value.push(to: stack)
        defer { stack.pop() }
        let table = try LuaTableView.read(from: stack, at: -1)
        var response = MockResponse(status: 200)
        switch table["status"] {
        case .nil: break
        case let status:
            guard let code = status.intValue, (100...599).contains(code) else {
                throw MockHandlerFailure("status must be an HTTP status code, got \(status)")
            }
            response.status = code
        }
        var contentType: String?
        switch table["headers"] {
        case .nil: break
        case .table(let headers):
            for (key, value) in headers.fields.sorted(by: { $0.key < $1.key }) {
                guard case .string(let name) = key, let text = value.stringValue ?? value.intValue.map(String.init) else {
                    throw MockHandlerFailure("headers must map names to strings (\(key) = \(value.typeName))")
                }
                if name.lowercased() == "content-type" { contentType = text }
                response.headers.append(HeaderField(name, text))
            }
        case let other:
            throw MockHandlerFailure("headers must be a table, got \(other.typeName)")
        }
        switch table["body"] {
        case .nil: break
        case .string(let text):
            response.body = Array(text.utf8)
            if contentType == nil { response.headers.append(HeaderField("content-type", "text/plain; charset=utf-8")) }
        case .bytes(let bytes):
            response.body = bytes
            if contentType == nil { response.headers.append(HeaderField("content-type", "application/octet-stream")) }
        default:
            response.body = try table.withField("body") { body throws(MockHandlerFailure) in
                do throws(LuaJSONError) { return Array(try stack.encodeJSON(at: body)) } catch {
                    throw MockHandlerFailure("body: \(error.message)")
                }
            }
            if contentType == nil { response.headers.append(HeaderField("content-type", "application/json")) }
        }
        return response
    }
}

/// A mock handler that could not run or answered something unusable.
struct MockHandlerFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
