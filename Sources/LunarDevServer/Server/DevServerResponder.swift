import Foundation
import HTTPTypes
import Hummingbird
import LunarServing
import LunarBundle
import LunarJSON
import LunarMockAPI
import NIOCore

/// Answers the dev server's requests: bundle files, the change feed and the mock API.
struct DevServerResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let root: URL
    let files: BundleFileIndex
    let mockAPI: MockAPI
    /// Nil when the server has no change source (`/events` answers 404).
    let feed: ChangeFeed?

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        if path == "/api" || path.hasPrefix("/api/") {
            return try await mockAPI.respond(to: request, path: String(path.dropFirst(4)))
        }
        guard request.method == .get || request.method == .head else {
            return .plainText(.methodNotAllowed, "\(request.method) \(path): the dev server's files are read-only (the mock API is under /api)")
        }
        switch path {
        case "/": return index()
        case "/manifest.json": return file("manifest.json"[...])
        case "/files": return listing()
        case "/events": return events()
        default:
            if path.hasPrefix("/files/") { return file(path.dropFirst("/files/".count)) }
            return .plainText(.notFound, "\(path): not found (try /files, /events or /api/...)")
        }
    }

    /// What this server offers, for people and for `lunar run http://...`.
    private func index() -> Response {
        let manifest = (try? ScriptBundle(directory: root))?.manifest
        var fields: [String: JSONValue] = [
            "files": "/files", "events": feed == nil ? .null : "/events",
            "mockAPI": mockAPI.hasDirectory ? "/api" : .null,
        ]
        if let manifest {
            fields["name"] = .string(manifest.name)
            fields["version"] = .string(manifest.version)
        }
        return Self.json(.object(fields))
    }

    private func listing() -> Response {
        let entries = files.files().map { file -> JSONValue in
            .object(["path": .string(file.path.value), "sha256": .string(file.sha256), "size": .number(Double(file.size))])
        }
        return Self.json(.object(["files": .array(entries)]))
    }

    private func file(_ encodedPath: Substring) -> Response {
        let path: BundlePath
        do {
            path = try BundlePath(percentEncoded: encodedPath)
        } catch {
            return .plainText(.badRequest, "bad bundle path \(error)")
        }
        guard let url = path.regularFile(in: root), let data = FileManager.default.contents(atPath: url.path) else {
            return .plainText(.notFound, "\(path): no such file in the bundle")
        }
        var headers = HTTPFields()
        headers[.contentType] = Self.contentType(of: path.value)
        headers[.eTag] = "\"\(BundleFile.sha256(of: data))\""
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `ready` (with the feed's generation), then one event per change batch;
    /// comments keep idle connections open.
    private func events() -> Response {
        guard let feed else { return .plainText(.notFound, "/events: this server has no change source") }
        let (stream, generation) = feed.subscribe()
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        let body = ResponseBody { writer in
            let ready = ServerSentEvent(event: "ready", data: #"{"generation":\#(generation)}"#)
            try await writer.write(ByteBuffer(string: "retry: 1000\n" + ready.encoded))
            for await item in stream {
                switch item {
                case .changed(let paths, let generation):
                    try await writer.write(ByteBuffer(string: ChangeFeed.changeEvent(paths, generation: generation).encoded))
                case .heartbeat:
                    try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "json": "application/json"
        case "lua": "text/x-lua; charset=utf-8"
        case "md", "txt": "text/plain; charset=utf-8"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        default: "application/octet-stream"
        }
    }

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        let data = (try? value.serialized()) ?? Data("{}".utf8)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
