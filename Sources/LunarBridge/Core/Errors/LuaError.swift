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
