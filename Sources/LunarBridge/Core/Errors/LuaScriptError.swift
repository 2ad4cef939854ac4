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
