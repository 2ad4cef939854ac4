import Foundation
import LunarBase
import LunarBridge
import LunarJSON

/// A request as read from the client: `seq`, `command` and its `arguments`, checked. A message
/// or argument that cannot be used throws a `MessageError` saying why in one line: it is
/// answered with `success: false` and that message (the client stays), never a trap.
public struct DAPRequest: Sendable {
    /// The request's number, echoed as the response's `request_seq`.
    public let seq: Int
    /// The command (`stackTrace`, `evaluate`, ...).
    public let command: String
    /// The `arguments` object (empty when absent).
    public let arguments: DAPArguments

    /// The largest `seq` accepted: the integers a JSON number (a double) holds exactly.
    static let maximumSeq = (1 << 53) - 1

    /// Reads one message body: a JSON object with `"type": "request"`, an integer `seq` and a
    /// string `command`; anything else is refused (the message says what was wrong).
    public init(body: Data) throws(MessageError) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: body)
        } catch {
            throw MessageError("not JSON: \(error)")
        }
        guard case .object(let object) = document else { throw MessageError("a message that is not a JSON object") }
        let top = DAPArguments(object, command: "message")
        guard try top.string("type") == "request" else { throw MessageError("a message whose \"type\" is not \"request\"") }
        guard let seq = try top.integer("seq", in: 0...Self.maximumSeq) else { throw MessageError("a request without \"seq\"") }
        guard let command = try top.string("command") else { throw MessageError("a request without \"command\"") }
        self.seq = seq
        self.command = command
        arguments = try top.object("arguments").map { DAPArguments($0.members, command: command) } ?? DAPArguments([:], command: command)
    }

    /// What the request asks for, with every number a client supplied checked against the range
    /// it is used in (a frame id, a level, a reference, a line...): one out of range, or of the
    /// wrong type, is refused here, before anything reaches Lua.
    public func decode() throws(MessageError) -> DAPCommand {
        let a = arguments
        switch command {
        case "initialize": return .initialize
        case "attach": return .attach(token: try a.string("token"))
        case "launch": return .launch
        case "configurationDone": return .configurationDone
        case "threads": return .threads
        case "continue": return .resume(.continue)
        case "next": return .resume(.stepOver)
        case "stepIn": return .resume(.stepIn)
        case "stepOut": return .resume(.stepOut)
        case "pause": return .pause
        case "disconnect": return .disconnect
        case "setBreakpoints":
            let path = try a.object("source")?.string("path") ?? ""
            let list = try (a.objects("breakpoints") ?? []).map { item throws(MessageError) -> LuaBreakpoint in
                guard let line = try item.integer("line", in: DAPCommand.lines) else { throw MessageError("setBreakpoints: a breakpoint without \"line\"") }
                return LuaBreakpoint(line: line, condition: try item.string("condition"), hitCondition: try item.string("hitCondition"),
                                     logMessage: try item.string("logMessage"))
            }
            return .setBreakpoints(path: path, list)
        case "setExceptionBreakpoints":
            return .setExceptionBreakpoints(filters: try a.strings("filters") ?? [])
        case "stackTrace":
            return .stackTrace(startFrame: try a.integer("startFrame", in: DAPCommand.counts) ?? 0,
                               levels: try a.integer("levels", in: DAPCommand.counts) ?? 0)
        case "scopes":
            guard let frame = try a.integer("frameId", in: DAPCommand.frames) else { throw MessageError("scopes: no \"frameId\"") }
            return .scopes(frameId: frame)
        case "variables":
            let filter: LuaChildFilter = switch try a.string("filter") {
            case "indexed": .indexed
            case "named": .named
            default: .all
            }
            guard let reference = try a.integer("variablesReference", in: DAPCommand.references) else {
                throw MessageError("variables: no \"variablesReference\"")
            }
            return .variables(reference: reference, start: try a.integer("start", in: DAPCommand.counts) ?? 0,
                              count: try a.integer("count", in: DAPCommand.counts) ?? 0, filter: filter)
        case "evaluate":
            return .evaluate(expression: try a.string("expression") ?? "", frameId: try a.integer("frameId", in: DAPCommand.frames))
        default:
            return .unsupported
        }
    }
}

/// A request, decoded: what the server does for it. Every number is within the range named
/// beside it (``DAPCommand/frames`` and the rest).
public enum DAPCommand: Sendable, Equatable {
    case initialize
    /// `token`: the server's per-start token (``DebugServer/token``), which must come first.
    case attach(token: String?)
    case launch
    case configurationDone
    case threads
    case resume(LuaResumeAction)
    case pause
    case disconnect
    case setBreakpoints(path: String, [LuaBreakpoint])
    case setExceptionBreakpoints(filters: [String])
    case stackTrace(startFrame: Int, levels: Int)
    case scopes(frameId: Int)
    case variables(reference: Int, start: Int, count: Int, filter: LuaChildFilter)
    case evaluate(expression: String, frameId: Int?)
    /// A command this server does not implement.
    case unsupported

    /// Frame ids (a stack level plus one), lines, references, and counts (start frames, levels,
    /// pages): what Lua's `int` levels and lines hold, and what no sum of two overflows.
    public static let frames = 1...Int(Int32.max)
    public static let lines = 1...Int(Int32.max)
    public static let references = 0...Int(Int32.max)
    public static let counts = 0...Int(Int32.max)
}

/// A JSON object of a request, read through checked accessors: a member that is absent or
/// `null` is nil; one of the wrong type, or a number that is not an integer in the range asked
/// for, is a ``MessageError`` naming the command and the member.
public struct DAPArguments: Sendable {
    /// The object's members.
    public let members: [String: JSONValue]
    let command: String

    init(_ members: [String: JSONValue], command: String) {
        self.members = members
        self.command = command
    }

    private func present(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    private func refuse(_ key: String, _ what: String, _ value: JSONValue) -> MessageError {
        MessageError("\(Self.quoted(command)): \"\(Self.quoted(key))\" must be \(what) (got \(Self.show(value)))")
    }

    /// A client's name as a message shows it: as it is when plain, else escaped (one line, short).
    static func quoted(_ name: String) -> String {
        let plain = name.utf8.count <= 40 && name.utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C }
        return plain ? name : String(String(name.prefix(40)).debugDescription.dropFirst().dropLast())
    }

    /// The one reader of a client's numbers: an integer within `range`, else a refusal.
    public func integer(_ key: String, in range: ClosedRange<Int>) throws(MessageError) -> Int? {
        guard let value = present(key) else { return nil }
        // Double → Int only when exact and inside the range: no conversion here can trap.
        guard case .number(let number) = value, number.rounded(.towardZero) == number,
              number >= Double(range.lowerBound), number <= Double(range.upperBound), let integer = Int(exactly: number),
              range.contains(integer) else {
            throw refuse(key, "an integer in \(range.lowerBound)...\(range.upperBound)", value)
        }
        return integer
    }

    /// A string member.
    public func string(_ key: String) throws(MessageError) -> String? {
        guard let value = present(key) else { return nil }
        guard case .string(let text) = value else { throw refuse(key, "a string", value) }
        return text
    }

    /// An array of strings.
    public func strings(_ key: String) throws(MessageError) -> [String]? {
        guard let value = present(key) else { return nil }
        guard case .array(let items) = value else { throw refuse(key, "an array of strings", value) }
        return try items.map { item throws(MessageError) -> String in
            guard case .string(let text) = item else { throw refuse(key, "an array of strings", value) }
            return text
        }
    }

    /// An object member.
    public func object(_ key: String) throws(MessageError) -> DAPArguments? {
        guard let value = present(key) else { return nil }
        guard case .object(let members) = value else { throw refuse(key, "an object", value) }
        return DAPArguments(members, command: command)
    }

    /// An array of objects.
    public func objects(_ key: String) throws(MessageError) -> [DAPArguments]? {
        guard let value = present(key) else { return nil }
        guard case .array(let items) = value else { throw refuse(key, "an array of objects", value) }
        return try items.map { item throws(MessageError) -> DAPArguments in
            guard case .object(let members) = item else { throw refuse(key, "an array of objects", value) }
            return DAPArguments(members, command: command)
        }
    }

    /// A value as a refusal quotes it: short, one line.
    static func show(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number.rounded(.towardZero) == number, abs(number) < 1e15 { return String(Int(number)) }
            return "\(number)"
        case .string(let text): return String(text.prefix(40)).debugDescription
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
