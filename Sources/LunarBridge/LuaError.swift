import CLunar
/// Where a Lua error happened: a chunk name and a line, as in `screens/login.lua:12`.
public struct LuaSourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// Parses `file:line` (the form Lua's short_src and error prefixes use).
    public init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) else {
            return nil
        }
        self.init(file: String(text[..<colon]), line: line)
    }

    public var description: String { "\(file):\(line)" }
}

/// An error raised by Lua code, caught by a protected call and handed to Swift.
///
/// Carries the message, the traceback and the source location of the failing
/// Lua frame, and the original error value so it can be re-raised unchanged.
public struct LuaScriptError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        case runtime, syntax, memory, messageHandler
    }

    public var kind: Kind
    /// The error message (for non-string error values, a description of the value).
    public var message: String
    /// `file:line` of the Lua frame that raised, when known.
    public var location: LuaSourceLocation?
    /// Lua's traceback at the point of the error, when known.
    public var traceback: String?
    /// The raised value itself (a string, or any value given to `error`).
    public var value: LuaValue

    public init(kind: Kind, message: String, location: LuaSourceLocation?, traceback: String?, value: LuaValue) {
        self.kind = kind
        self.message = message
        self.location = location
        self.traceback = traceback
        self.value = value
    }

    public var description: String { message }

    /// The message, then the traceback: what a host prints for an uncaught error.
    public var report: String {
        var text = message
        if let location, !message.hasPrefix(location.description) {
            text = "\(location): \(message)"
        }
        if let traceback, !traceback.isEmpty {
            // luaL_traceback starts with the message itself; keep only the stack part.
            if let range = traceback.range(of: "stack traceback:") {
                text += "\n" + traceback[range.lowerBound...]
            } else {
                text += "\n" + traceback
            }
        }
        return text
    }
}

/// Errors a bridged Swift function throws to raise a Lua error.
///
/// Any other Swift error thrown by a bridged function is raised as its
/// description, prefixed with the calling Lua line (like `error("...")`).
public enum LuaError: Error, Sendable, CustomStringConvertible {
    /// Raise a message; Lua's caller position is prefixed, as `error(msg)` does.
    case message(String)
    /// Raise this exact value (for example an error table) without a prefix.
    case value(LuaValue)

    public var description: String {
        switch self {
        case .message(let m): m
        case .value(let v): v.description
        }
    }
}

/// A bad argument to a bridged function; formatted like Lua's own
/// `bad argument #2 to 'log.info' (string expected, got nil)`.
public struct LuaArgumentError: Error, Sendable, CustomStringConvertible {
    public var position: Int
    public var problem: String

    public init(position: Int, problem: String) {
        self.position = position
        self.problem = problem
    }

    public var description: String { "bad argument #\(position) (\(problem))" }

    func message(function: String) -> String { "bad argument #\(position) to '\(function)' (\(problem))" }
}

/// A conversion failure, before the argument position is known.
public struct LuaTypeMismatch: Error, Sendable, CustomStringConvertible {
    public var problem: String
    public init(expected: String, got: String) { problem = "\(expected) expected, got \(got)" }
    public init(problem: String) { self.problem = problem }
    public var description: String { problem }
}

/// Errors of the state itself (creation, loading, the sandbox).
public struct LuaStateError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension LuaStack {
    /// Where the Lua function `level` frames up the call stack is running: level 1 is the Lua
    /// code that called the running C (or bridged Swift) function. nil when that frame is not
    /// Lua (a C caller) or has no line. Never raises.
    public func callerLocation(level: Int32 = 1) -> LuaSourceLocation? {
        guard reserve(1) else { return nil }
        lunar_where(L, level)
        defer { lunar_pop(L, 1) }
        // luaL_where pushes "chunk:line: ", or "" for a C caller.
        guard let place = try? String.read(from: self, at: -1), place.hasSuffix(": ") else { return nil }
        return LuaSourceLocation(parsing: String(place.dropLast(2)))
    }
}

extension LuaStack {
    /// Where the Lua function at `index` is defined (its file and first line): the place to
    /// blame for what it returned. nil for a C function. Never raises.
    public func definitionLocation(ofFunctionAt index: Int32) -> LuaSourceLocation? {
        guard lua_type(L, index) == LUA_TFUNCTION, reserve(1) else { return nil }
        lua_pushvalue(L, index)
        var info = lua_Debug()
        guard lua_getinfo(L, ">S", &info) != 0, info.linedefined > 0 else { return nil }
        let source = withUnsafeBytes(of: &info.short_src) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return LuaSourceLocation(file: source, line: Int(info.linedefined))
    }
}
