import Foundation
import LunarBridge
import LunarJSON
import LunarBundle
import Synchronization

/// A bundle's `mock-api/` directory answering requests: static JSON files by
/// method and path, and Lua handler files for dynamic answers.
///
/// ```
/// mock-api/GET/items.json              GET /items           (the file is the body)
/// mock-api/GET/items.response.json     optional: {"status": 200, "headers": {"x-total": "2"}}
/// mock-api/GET/items/[id].json         GET /items/3         (any one component)
/// mock-api/POST/login.lua              POST /login          (returns function(request) ... end)
/// mock-api/ANY/health.json             any method
/// ```
/// The dev server mounts it under `/api`; ``respond(to:)`` can also be called
/// directly. Files are read on every request, so edits apply at once; a Lua
/// handler is reloaded when its file changes. Safe to use from any thread.
public final class MockAPI: Sendable {
    /// The `mock-api` directory.
    public let root: URL
    private let handlers = Mutex<[String: Task<Result<LuaMockHandler, HandlerLoadFailure>, Never>]>([:])

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// Answers a request: the endpoint's answer, 404 when no file matches
    /// (the body names the files looked for), 400 for a path with `..` or
    /// hidden components, 500 with the problem (and file:line for scripts)
    /// when a file is broken.
    public func respond(to request: MockRequest) async -> MockResponse {
        var components: [String] = []
        for part in request.path.split(separator: "/") {
            guard let decoded = String(part).removingPercentEncoding, !decoded.isEmpty,
                  !decoded.hasPrefix("."), !decoded.contains("/"), !decoded.contains("\\"), !decoded.contains("\0") else {
                return .text(400, "bad mock API path '\(request.path)'\n")
            }
            components.append(decoded)
        }
        guard let endpoint = MockEndpoint.find(method: request.method, components: components, in: root),
              endpoint.file.resolvingSymlinksInPath().path.hasPrefix(root.resolvingSymlinksInPath().path + "/") else {
            let shown = components.joined(separator: "/")
            return .text(404, "no mock for \(request.method) /\(shown): add mock-api/\(request.method)/\(shown.isEmpty ? "index" : shown).json or .lua\n")
        }
        var response: MockResponse
        let source: String
        switch endpoint.kind {
        case .json:
            response = staticResponse(endpoint)
            source = String(endpoint.bundlePath.dropLast(5)) + ".response.json"
        case .lua:
            source = endpoint.bundlePath
            switch await handler(for: endpoint) {
            case .success(let handler): response = await handler.respond(to: request, parameters: endpoint.parameters)
            case .failure(let failure): response = .text(500, failure.message + "\n")
            }
        }
        if let problem = response.headerProblem() {
            response = .text(500, "\(source): bad response: \(problem)\n")
        }
        // A Content-Length that agrees with the body: the server sends its own.
        response.headers.removeAll { $0.name.lowercased() == "content-length" }
        if request.method == "HEAD" { response.body = [] }
        return response
    }

    /// A JSON file as the body, with the optional `.response.json` sidecar's status and headers.
    private func staticResponse(_ endpoint: MockEndpoint) -> MockResponse {
        guard let data = FileManager.default.contents(atPath: endpoint.file.path) else {
            return .text(500, "\(endpoint.bundlePath): cannot be read\n")
        }
        do {
            _ = try JSONValue(parsing: data)
        } catch {
            return .text(500, "\(endpoint.bundlePath): not valid JSON: \(error)\n")
        }
        var response = MockResponse(status: 200, body: Array(data))
        var contentType = "application/json"
        let sidecar = endpoint.file.deletingPathExtension().appendingPathExtension("response.json")
        if let meta = FileManager.default.contents(atPath: sidecar.path) {
            let sidecarPath = String(endpoint.bundlePath.dropLast(5)) + ".response.json"
            guard let json = try? JSONValue(parsing: meta), case .object(let fields) = json else {
                return .text(500, "\(sidecarPath): not a JSON object {\"status\": ..., \"headers\": {...}}\n")
            }
            if let status = fields["status"] {
                guard let code = status.numberValue.flatMap({ Int(exactly: $0) }), (100...599).contains(code) else {
                    return .text(500, "\(sidecarPath): status must be an HTTP status code\n")
                }
                response.status = code
            }
            for (name, value) in (fields["headers"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let text = value.stringValue else {
                    return .text(500, "\(sidecarPath): header '\(name)' must be a string\n")
                }
                if name.lowercased() == "content-type" { contentType = text } else { response.headers.append(HeaderField(name, text)) }
            }
        }
        response.headers.insert(HeaderField("content-type", contentType), at: 0)
        return response
    }

    /// The loaded handler for a file, reloaded when the file changed since it was loaded.
    private func handler(for endpoint: MockEndpoint) async -> Result<LuaMockHandler, HandlerLoadFailure> {
        let key = endpoint.file.path
        let stamp = FileStamp(of: endpoint.file)
        let root = root
        var reloaded = false
        while true {
            let loading = handlers.withLock { loaded in
                if let existing = loaded[key] { return existing }
                let task = Task { () -> Result<LuaMockHandler, HandlerLoadFailure> in
                    do {
                        return .success(try await LuaMockHandler.load(endpoint, moduleRoot: root))
                    } catch let error as LuaScriptError {
                        return .failure(HandlerLoadFailure(message: error.report, stamp: stamp))
                    } catch {
                        return .failure(HandlerLoadFailure(message: "\(error)", stamp: stamp))
                    }
                }
                loaded[key] = task
                return task
            }
            let result = await loading.value
            let loadedStamp = switch result {
            case .success(let handler): handler.stamp
            case .failure(let failure): failure.stamp
            }
            if loadedStamp == stamp || reloaded { return result }
            // The file changed since that load: drop it (unless another request already did) and load again.
            handlers.withLock { loaded in
                if loaded[key] == loading { loaded[key] = nil }
            }
            reloaded = true
        }
    }
}

/// Why a handler file could not be loaded (kept until the file changes).
struct HandlerLoadFailure: Error, Sendable {
    var message: String
    var stamp: FileStamp?
}
