import Foundation
import LunarBridge
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One attached client: its thread reads requests and answers those that need no Lua at once
/// (so `pause` and the steps work while Lua runs or is stopped); the rest run as debugger jobs
/// on the executor, which answer from there.
final class DebugClient: Sendable {
    let connection: DAPConnection
    private let server: DebugServer

    init(server: DebugServer, connection: DAPConnection) {
        self.server = server
        self.connection = connection
    }

    /// Reads until the client goes, it disconnects, or it sends bytes that are not DAP.
    func run() {
        var reader = DAPFrameReader()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        reading: while true {
            let n = buffer.withUnsafeMutableBytes { recv(connection.socket, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            reader.append(buffer[0..<n])
            while true {
                let body: Data?
                do {
                    body = try reader.next()
                } catch {
                    DebugServer.logger.warning("debugger: refused a malformed message (\(error)); the client is dropped and its breakpoints removed")
                    break reading
                }
                guard let body else { break }
                guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let request = DAPRequest(object) else {
                    DebugServer.logger.warning("debugger: refused a message that is not a DAP request: \(String(decoding: body.prefix(120), as: UTF8.self).debugDescription)")
                    connection.event("output", ["category": "important", "output": "lunar: refused a message that is not a DAP request\n"])
                    continue
                }
                if !handle(request) { break reading }
            }
        }
        end()
    }

    /// Closes the connection; the server detaches the debugger (first, so a client that
    /// reconnects at once is not refused as a second one).
    func end() {
        server.clientEnded(self)
        connection.close()
    }

    /// Answers one request; false when the client asked to disconnect.
    private func handle(_ request: DAPRequest) -> Bool {
        let debugger = server.debugger
        let connection = self.connection
        switch request.command {
        case "initialize":
            connection.respond(to: request, body: Self.capabilities)
            connection.event("initialized")
        case "attach", "configurationDone":
            connection.respond(to: request)
        case "launch":
            connection.respond(to: request, success: false, message: "lunar debugs a running app: use \"request\": \"attach\" with its --debug port")
        case "threads":
            connection.respond(to: request, body: ["threads": [["id": 1, "name": "lua"]]])
        case "continue":
            debugger.resume(.continue)
            connection.respond(to: request, body: ["allThreadsContinued": true])
        case "next":
            debugger.resume(.stepOver)
            connection.respond(to: request)
        case "stepIn":
            debugger.resume(.stepIn)
            connection.respond(to: request)
        case "stepOut":
            debugger.resume(.stepOut)
            connection.respond(to: request)
        case "pause":
            debugger.pause()
            connection.respond(to: request)
        case "disconnect":
            connection.respond(to: request)
            return false
        case "setBreakpoints":
            let server = self.server
            debugger.submit { debugger in server.setBreakpoints(request, connection: connection, debugger: debugger) }
        case "setExceptionBreakpoints":
            let filters = request.arguments["filters"] as? [String] ?? []
            debugger.submit { debugger in
                debugger.setExceptionBreaks(uncaught: filters.contains("uncaught"), all: filters.contains("all"))
                connection.respond(to: request, body: ["breakpoints": filters.map { _ in ["verified": true] }])
            }
        case "stackTrace", "scopes", "variables", "evaluate":
            debugger.submit { debugger in Self.inspect(request, connection: connection, debugger: debugger, paths: self.server.paths) }
        default:
            connection.respond(to: request, success: false, message: "lunar's debugger does not support '\(request.command)'")
        }
        return true
    }

    static var capabilities: [String: Any] { [
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

    static func describe(_ entry: BreakpointBook.Entry) -> [String: Any] {
        var out: [String: Any] = ["id": entry.id, "verified": entry.line != nil, "line": entry.line ?? entry.requested.line]
        if entry.line == nil { out["message"] = "no code at or around this line (or the file does not compile)" }
        return out
    }

    // MARK: On the executor

    static func inspect(_ request: DAPRequest, connection: DAPConnection, debugger: LuaDebugger, paths: BundlePaths) {
        let arguments = request.arguments
        switch request.command {
        case "stackTrace":
            var frames = debugger.frames()
            // The user's frame first: Lunar's own Lua above it (a helper that raised) is left out.
            if let firstUser = frames.firstIndex(where: { !$0.isLunar }) { frames.removeFirst(firstUser) }
            let total = frames.count
            let start = min(arguments["startFrame"] as? Int ?? 0, total)
            let levels = arguments["levels"] as? Int ?? 0
            let shown = frames[start..<(levels > 0 ? min(total, start + levels) : total)]
            connection.respond(to: request, body: [
                "stackFrames": shown.map { frame -> [String: Any] in
                    var source: [String: Any] = ["name": String(frame.chunk.dropFirst())]
                    if let path = paths.path(forChunk: frame.chunk) { source["path"] = path }
                    if frame.isLunar { source["presentationHint"] = "deemphasize" }
                    return ["id": frame.id, "name": frame.name, "line": frame.line, "column": 1, "source": source,
                            "presentationHint": frame.isLunar ? "subtle" : "normal"]
                },
                "totalFrames": total,
            ])
        case "scopes":
            let frame = arguments["frameId"] as? Int ?? 1
            connection.respond(to: request, body: ["scopes": [
                ["name": "Locals", "presentationHint": "locals", "variablesReference": debugger.scope(.locals, frame: frame), "expensive": false],
                ["name": "Upvalues", "variablesReference": debugger.scope(.upvalues, frame: frame), "expensive": false],
                ["name": "Globals", "variablesReference": debugger.scope(.globals, frame: frame), "expensive": true],
            ]])
        case "variables":
            let filter: LuaChildFilter = switch arguments["filter"] as? String {
            case "indexed": .indexed
            case "named": .named
            default: .all
            }
            let values = debugger.variables(of: arguments["variablesReference"] as? Int ?? 0, start: arguments["start"] as? Int ?? 0,
                                            count: arguments["count"] as? Int ?? 0, filter: filter)
            connection.respond(to: request, body: ["variables": values.map(variable)])
        default:  // evaluate
            let expression = arguments["expression"] as? String ?? ""
            switch debugger.evaluate(expression, frame: arguments["frameId"] as? Int) {
            case .success(let value):
                var body = variable(value)
                body["result"] = body.removeValue(forKey: "value")
                body["name"] = nil
                connection.respond(to: request, body: body)
            case .failure(let error):
                connection.respond(to: request, success: false, message: error.message)
            }
        }
    }

    private static func variable(_ value: LuaDebugValue) -> [String: Any] {
        var out: [String: Any] = ["name": value.name, "value": value.value, "type": value.type, "variablesReference": value.reference]
        // Long arrays are paged by the client (indexed children asked for in ranges).
        if value.reference != 0, value.indexedCount > 100 {
            out["indexedVariables"] = value.indexedCount
            out["namedVariables"] = value.namedCount
        }
        return out
    }
}

extension DebugServer {
    /// `setBreakpoints`, on the executor: each placed on the nearest line with code, and answered.
    func setBreakpoints(_ request: DAPRequest, connection: DAPConnection, debugger: LuaDebugger) {
        let arguments = request.arguments
        let path = (arguments["source"] as? [String: Any])?["path"] as? String ?? ""
        let list = (arguments["breakpoints"] as? [[String: Any]] ?? []).map { item in
            LuaBreakpoint(line: item["line"] as? Int ?? 0, condition: item["condition"] as? String,
                          hitCondition: item["hitCondition"] as? String, logMessage: item["logMessage"] as? String)
        }
        guard let chunk = paths.chunk(forPath: path) else {
            connection.respond(to: request, body: ["breakpoints": list.map { breakpoint -> [String: Any] in
                ["verified": false, "line": breakpoint.line, "message": "not a file of the bundle at \(paths.root)"]
            }])
            return
        }
        let entries = book.set(list, chunk: chunk, codeLines: codeLines(chunk), debugger: debugger)
        connection.respond(to: request, body: ["breakpoints": entries.map(DebugClient.describe)])
    }
}
