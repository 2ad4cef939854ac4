/// Why Lua stopped.
public enum LuaStopReason: Sendable, Equatable {
    case breakpoint
    case step
    case pause
    /// A script error was raised; the message (or the error value's type).
    case exception(String)
}
