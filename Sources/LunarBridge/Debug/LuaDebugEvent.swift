/// What a ``LuaDebugger`` reports, on the executor's thread.
public enum LuaDebugEvent: Sendable {
    /// Lua stopped; the executor now serves only the debugger's jobs until it is resumed.
    case stopped(LuaStopReason)
    /// A stopped script goes on.
    case resumed
    /// A logpoint's message, or a breakpoint condition that failed.
    case output(String)
}
