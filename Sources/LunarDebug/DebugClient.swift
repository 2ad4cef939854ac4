import Foundation
import LunarBridge
import LunarJSON
import NIOCore

/// One attached client: its channel's handler (``DAPChannelHandler``) reads requests and
/// answers those that need no Lua at once, on the event loop (so `pause` and the steps work
/// while Lua runs or is stopped); the rest run as debugger jobs on the executor, which answer
/// from there.
///
/// Until the client has sent the server's token in `attach`, only `initialize` is answered: any
/// other request, a wrong token, or no `attach` within ``attachSeconds``, drops it, and the
/// debugger is not attached (nothing of the app is hooked or read) before that.
final class DebugClient: Sendable {
    let connection: DAPConnection
    private let server: DebugServer
    /// How long a connection may take to send `attach` with the token.
    static let attachSeconds = 10

    init(server: DebugServer, connection: DAPConnection) {
        self.server = server
        self.connection = connection
    }

    /// What one read request does to the reading: go on, or end the client.
    enum Outcome { case reading, ending }

    /// One complete message body, on the event loop; `authorized` and `initialized` are the
    /// reader's, kept from message to message.
    func receive(_ body: Data, authorized: inout Bool, initialized: inout Bool) -> Outcome {
        let request: DAPRequest
        do {
            request = try DAPRequest(body: body)
        } catch {
            DebugServer.logger.warning("debugger: refused a message that is not a DAP request (\(error)): \(String(decoding: body.prefix(120), as: UTF8.self).debugDescription)")
            guard authorized else { return .ending }
            connection.event("output", ["category": "important", "output": .string("lunar: refused a message that is not a DAP request (\(error))\n")])
            return .reading
        }
        let command: DAPCommand
        do {
            command = try request.decode()
        } catch {
            connection.respond(to: request, success: false, message: error.message)
            return authorized ? .reading : .ending
        }
        if !authorized {
            switch admit(request, command, initialized: &initialized) {
            case .waiting: return .reading
            case .admitted:
                authorized = true
                server.debugger.submit { $0.attach() }
                return .reading
            case .refused: return .ending
            }
        }
        return handle(request, command) ? .reading : .ending
    }

    private enum Admission { case waiting, admitted, refused }

    /// Before the token: one `initialize` is answered, `attach` with the token admits, the rest refuse.
    private func admit(_ request: DAPRequest, _ command: DAPCommand, initialized: inout Bool) -> Admission {
        switch command {
        case .initialize where !initialized:
            initialized = true
            connection.respond(to: request, body: Self.capabilities)
            connection.event("initialized")
            return .waiting
        case .attach(let token):
            guard let token, server.accepts(token: token) else {
                DebugServer.logger.warning("debugger: refused a client whose attach did not carry the debugger's token")
                connection.respond(to: request, success: false, message: token == nil
                    ? "lunar's debugger needs its token: add \"token\" (printed with the port, or LUNAR_DEBUG_TOKEN) to the attach arguments"
                    : "lunar's debugger refused the token: it is not the one printed with the port")
                return .refused
            }
            connection.respond(to: request)
            return .admitted
        default:
            DebugServer.logger.warning("debugger: refused '\(DAPArguments.quoted(request.command))' from a client that did not attach with the token")
            connection.respond(to: request, success: false, message: "lunar's debugger answers nothing before \"attach\" with its token")
            return .refused
        }
    }

    /// Closes the connection; the server detaches the debugger (first, so a client that
    /// reconnects at once is not refused as a second one).
    func end() {
        connection.beginEnding()
        server.clientEnded(self)
        connection.close()
    }

    /// Answers one request; false when the client asked to disconnect.
    private func handle(_ request: DAPRequest, _ command: DAPCommand) -> Bool {
        let debugger = server.debugger
        let connection = self.connection
        switch command {
        case .initialize:
            connection.respond(to: request, body: Self.capabilities)
            connection.event("initialized")
        case .attach, .configurationDone:
            connection.respond(to: request)
        case .launch:
            connection.respond(to: request, success: false, message: "lunar debugs a running app: use \"request\": \"attach\" with its --debug port")
        case .threads:
            connection.respond(to: request, body: ["threads": [["id": 1, "name": "lua"]]])
        case .resume(let action):
            debugger.resume(action)
            connection.respond(to: request, body: action == .continue ? ["allThreadsContinued": true] : [:])
        case .pause:
            debugger.pause()
            connection.respond(to: request)
        case .disconnect:
            connection.respond(to: request)
            return false
        case .setBreakpoints(let path, let list):
            let server = self.server
            debugger.submit { debugger in
                guard !connection.isClosed else { return }
                server.setBreakpoints(request, path: path, list, connection: connection, debugger: debugger)
            }
        case .setExceptionBreakpoints(let filters):
            debugger.submit { debugger in
                guard !connection.isClosed else { return }
                debugger.setExceptionBreaks(uncaught: filters.contains("uncaught"), all: filters.contains("all"))
                connection.respond(to: request, body: ["breakpoints": .array(filters.map { _ in ["verified": true] })])
            }
        case .stackTrace, .scopes, .variables, .evaluate:
            let paths = server.paths
            // A job of a client gone meanwhile is not run (an evaluation it sent would hold a stop).
            debugger.submit { debugger in
                guard !connection.isClosed else { return }
                Self.inspect(request, command, connection: connection, debugger: debugger, paths: paths)
            }
        case .unsupported:
            connection.respond(to: request, success: false, message: "lunar's debugger does not support '\(DAPArguments.quoted(request.command))'")
        }
        return true
    }

    static var capabilities: [String: JSONValue] { [
        "supportsConfigurationDoneRequest": true,
        "supportsConditionalBreakpoints": true,
        "supportsHitConditionalBreakpoints": true,
        "supportsLogPoints": true,
        "supportsEvaluateForHovers": true,
        "exceptionBreakpointFilters": [
            ["filter": "uncaught", "label": "Uncaught script errors", "default": true],
            ["filter": "all", "label": "All script errors (also those pcall catches)", "default": false],
        ],
    ] }

    static func describe(_ entry: BreakpointBook.Entry) -> JSONValue {
        var out: [String: JSONValue] = ["id": .integer(entry.id), "verified": .bool(entry.line != nil), "line": .integer(entry.line ?? entry.requested.line)]
        if entry.line == nil { out["message"] = "no code at or around this line (or the file does not compile)" }
        return .object(out)
    }

    // MARK: On the executor

    static func inspect(_ request: DAPRequest, _ command: DAPCommand, connection: DAPConnection, debugger: LuaDebugger, paths: BundlePaths) {
        switch command {
        case .stackTrace(let startFrame, let levels):
            var frames = debugger.frames()
            // The user's frame first: Lunar's own Lua above it (a helper that raised) is left out.
            if let firstUser = frames.firstIndex(where: { !$0.isLunar }) { frames.removeFirst(firstUser) }
            let total = frames.count
            // Both within 0...Int32.max (DAPCommand.counts): the sum cannot overflow.
            let start = min(startFrame, total)
            let shown = frames[start..<(levels > 0 ? min(total, start + levels) : total)]
            connection.respond(to: request, body: [
                "stackFrames": .array(shown.map { frame -> JSONValue in
                    var source: [String: JSONValue] = ["name": .string(String(frame.chunk.dropFirst()))]
                    if let path = paths.path(forChunk: frame.chunk) { source["path"] = .string(path) }
                    if frame.isLunar { source["presentationHint"] = "deemphasize" }
                    return ["id": .integer(frame.id), "name": .string(frame.name), "line": .integer(frame.line), "column": 1, "source": .object(source),
                            "presentationHint": frame.isLunar ? "subtle" : "normal"]
                }),
                "totalFrames": .integer(total),
            ])
        case .scopes(let frame):
            connection.respond(to: request, body: ["scopes": [
                ["name": "Locals", "presentationHint": "locals", "variablesReference": .integer(debugger.scope(.locals, frame: frame)), "expensive": false],
                ["name": "Upvalues", "variablesReference": .integer(debugger.scope(.upvalues, frame: frame)), "expensive": false],
                ["name": "Globals", "variablesReference": .integer(debugger.scope(.globals, frame: frame)), "expensive": true],
            ]])
        case .variables(let reference, let start, let count, let filter):
            let values = debugger.variables(of: reference, start: start, count: count, filter: filter)
            connection.respond(to: request, body: ["variables": .array(values.map { .object(variable($0)) })])
        case .evaluate(let expression, let frame):
            switch debugger.evaluate(expression, frame: frame) {
            case .success(let value):
                var body = variable(value)
                body["result"] = body.removeValue(forKey: "value")
                body["name"] = nil
                connection.respond(to: request, body: body)
            case .failure(let error):
                connection.respond(to: request, success: false, message: error.message)
            }
        default:
            break
        }
    }

    private static func variable(_ value: LuaDebugValue) -> [String: JSONValue] {
        var out: [String: JSONValue] = ["name": .string(value.name), "value": .string(value.value), "type": .string(value.type),
                                        "variablesReference": .integer(value.reference)]
        // Long arrays are paged by the client (indexed children asked for in ranges).
        if value.reference != 0, value.indexedCount > 100 {
            out["indexedVariables"] = .integer(value.indexedCount)
            out["namedVariables"] = .integer(value.namedCount)
        }
        return out
    }
}

extension DebugServer {
    /// `setBreakpoints`, on the executor: each placed on the nearest line with code, and answered.
    func setBreakpoints(_ request: DAPRequest, path: String, _ list: [LuaBreakpoint], connection: DAPConnection, debugger: LuaDebugger) {
        guard let chunk = paths.chunk(forPath: path) else {
            connection.respond(to: request, body: ["breakpoints": .array(list.map { breakpoint -> JSONValue in
                ["verified": false, "line": .integer(breakpoint.line), "message": .string("not a file of the bundle at \(paths.root)")]
            })])
            return
        }
        let entries = book.set(list, chunk: chunk, codeLines: codeLines(chunk), debugger: debugger)
        connection.respond(to: request, body: ["breakpoints": .array(entries.map(DebugClient.describe))])
    }
}
