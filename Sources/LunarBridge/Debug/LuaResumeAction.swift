/// How a stopped script goes on.
public enum LuaResumeAction: Sendable, Equatable {
    case `continue`
    /// The next line in the same function or its callers (over calls).
    case stepOver
    /// The next line anywhere, into calls.
    case stepIn
    /// The next line after the current function returns.
    case stepOut
}
